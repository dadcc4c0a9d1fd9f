/*
 * cunit_main.h — what every tests/test_*.c defines for cunit_main.c.
 */
#ifndef SUDOLAB_CUNIT_MAIN_H
#define SUDOLAB_CUNIT_MAIN_H

/* Adds the file's suites to the CUnit registry. */
void tests_register(void);

#endif
