/* Prints the variants libdot would run here, the default (dispatcher's choice) first, one a line:
 * the list the per-DOT_ISA test runs iterate over (mk/safety.mk). With --others, all but the
 * default. */
#include <stdio.h>
#include <string.h>
#include "dot.h"

int main(int argc, char **argv)
{
    int others = argc == 2 && !strcmp(argv[1], "--others");
    const char *def = dot_isa();
    if (!others)
        printf("%s\n", def);
    for (const char *const *n = dot_isa_names(); *n; n++)
        if (strcmp(*n, def) != 0 && dot_isa_supported(*n))
            printf("%s\n", *n);
    return 0;
}
