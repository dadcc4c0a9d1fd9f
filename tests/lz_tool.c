/*
 * lz_tool.c — lz_string.h on the command line, for tests/fpuzzles_lz.sh:
 * "lz_tool c" writes the base64 code of standard input, "lz_tool d" the
 * text of a code; exit 2 with the error on bad input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lz_string.h"

static char *read_all(FILE *in, size_t *len)
{
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    *len = 0;
    while (buf) {
        *len += fread(buf + *len, 1, cap - *len, in);
        if (*len < cap) return buf;
        char *more = realloc(buf, cap * 2);
        if (more == NULL) free(buf);
        buf = more;
        cap *= 2;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    struct sl_error err = {0};
    size_t len = 0, out_len = 0;
    char *in = read_all(stdin, &len), *out = NULL;
    if (argc != 2 || in == NULL || (strcmp(argv[1], "c") != 0 && strcmp(argv[1], "d") != 0)) {
        fprintf(stderr, "usage: lz_tool c|d <input\n");
        free(in);
        return 2;
    }
    if (argv[1][0] == 'c')
        out = lz_compress_base64(in, len, &err), out_len = out ? strlen(out) : 0;
    else
        out = lz_decompress_base64(in, len, &out_len, &err);
    free(in);
    if (out == NULL) {
        fprintf(stderr, "lz_tool: %ld: %s\n", err.col, err.msg);
        return 2;
    }
    fwrite(out, 1, out_len, stdout);
    free(out);
    return 0;
}
