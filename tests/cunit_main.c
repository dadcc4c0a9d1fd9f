/*
 * cunit_main.c — the one main of every CUnit test program. Each
 * tests/test_*.c defines tests_register(), adding its suites to the
 * registry; this runs them all and exits non-zero on any failure.
 */
#include <CUnit/Basic.h>
#include <stdio.h>

#include "cunit_main.h"

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS) return 2;
    tests_register();
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}
