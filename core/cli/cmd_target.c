/*
 * cmd_target.c — the file an --output FILE names (cmd.h): the regular
 * file a run replaces by renaming a finished temporary file onto it.
 *
 * A rename replaces whatever the name holds, so what it holds is checked
 * first: a folder, a device (/dev/null, /dev/full), a FIFO or a socket is
 * refused (renaming onto a device as root would replace the device node
 * itself), and a symbolic link is written through, so the link stays a
 * link and the file it names is the one replaced.
 */
/* realpath() */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"

int cmd_output_fail(const char *command, const char *asked, const char *why)
{
    fprintf(stderr, "sudolab %s: cannot write %s: %s\n", command, asked, why);
    return -1;
}

int cmd_output_target(const char *command, const char *asked, struct cmd_target *t)
{
    struct stat st;
    if (asked[0] == '\0') return cmd_output_fail(command, "''", "the name is empty");
    if (lstat(asked, &st) != 0) {
        if (errno != ENOENT) return cmd_output_fail(command, asked, strerror(errno));
        mode_t mask = umask(0);
        umask(mask);
        t->mode = 0666 & ~mask;
        int n = snprintf(t->path, sizeof t->path, "%s", asked);
        return n < (int)sizeof t->path ? 0
                                       : cmd_output_fail(command, asked, "the path is too long");
    }
    char real[PATH_MAX];
    if (!S_ISLNK(st.st_mode)) {
        if (snprintf(t->path, sizeof t->path, "%s", asked) >= (int)sizeof t->path)
            return cmd_output_fail(command, asked, "the path is too long");
    } else if (stat(asked, &st) != 0) {
        return cmd_output_fail(command, asked,
                               errno == ELOOP    ? "a loop of symbolic links"
                               : errno == ENOENT ? "a symbolic link to a missing file"
                                                 : strerror(errno));
    } else if (!S_ISREG(st.st_mode)) {
        /* a link to a pipe or socket (/dev/stdout into a pipe) names no
         * path realpath could give: it is refused below as what it is */
    } else if (!realpath(asked, real)) {
        return cmd_output_fail(command, asked, strerror(errno));
    } else if (snprintf(t->path, sizeof t->path, "%s", real) >= (int)sizeof t->path) {
        return cmd_output_fail(command, asked, "the path is too long");
    }
    if (!S_ISREG(st.st_mode))
        return cmd_output_fail(command, asked,
                               S_ISDIR(st.st_mode) ? "a folder, not a regular file"
                                                   : "not a regular file (a FIFO, a device or a "
                                                     "socket)");
    t->mode = st.st_mode & 0777;
    return 0;
}

int cmd_output_apart(const char *command, const char *asked, const struct cmd_target *t,
                     char *const *files, int nfiles)
{
    struct stat out, in;
    if (stat(t->path, &out) != 0) return 0; /* a new file is no input */
    for (int i = 0; i < nfiles; i++)
        if (strcmp(files[i], "-") != 0 && stat(files[i], &in) == 0 && in.st_dev == out.st_dev &&
            in.st_ino == out.st_ino) {
            char why[4200];
            snprintf(why, sizeof why, "it is the input file %s, whose puzzles would be lost",
                     files[i]);
            return cmd_output_fail(command, asked, why);
        }
    return 0;
}
