/* placeholder until chains land */
#include "technique.h"
int find_chain(const struct human *h, int param, struct step *out) { (void)h; (void)param; (void)out; return 0; }
