/* The form of the AVX-512 constant-time kernel (avx512/aors.h): the avx512 and ifma tables hold
 * the one their CPU family's row names, DOT_CT_FORM overrides it, dot_settings() says which runs
 * and why, the dispatched _ct entry points run it, and a malformed value aborts with a message.
 * Each case runs in a child process, since the choice is made once per process. */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include "common/addsub_battery.h"
#include "common/check.h"
#include "common/child.h"
#include "dot_impl.h"

/* The form a table's four constant-time kernels belong to: "shift", "mask" or "mixed". */
static const char *form_of(const dot_kernels *k)
{
    if (k->add_n_ct == dot_avx512_add_n_ct && k->sub_n_ct == dot_avx512_sub_n_ct &&
        k->add_nc_ct == dot_avx512_add_nc_ct && k->sub_nc_ct == dot_avx512_sub_nc_ct)
        return "shift";
    if (k->add_n_ct == dot_avx512_mask_add_n_ct && k->sub_n_ct == dot_avx512_mask_sub_n_ct &&
        k->add_nc_ct == dot_avx512_mask_add_nc_ct && k->sub_nc_ct == dot_avx512_mask_sub_nc_ct)
        return "mask";
    return "mixed";
}

static dot_limb_t dispatched_ct(dot_limb_t *rp, const dot_limb_t *up, const dot_limb_t *vp,
                                size_t n, int is_sub)
{
    return is_sub ? dot_sub_n_ct(rp, up, vp, n) : dot_add_n_ct(rp, up, vp, n);
}

/* Whether the dispatched _ct entry points agree with GMP on a whole-operand cascade from 1 to 80
 * limbs (all on the vector kernel under DOT_CROSSOVER=0), in both directions. */
static int dispatched_ct_right(void) { return dot_whole_cascades_wrong(dispatched_ct, 80) == 0; }

/* The child: "<avx512 table's form> <ifma table's form> <the ct= part of the settings> <right>",
 * "-" for a table this CPU lacks and for settings without a ct= part. */
static int child(void)
{
    const dot_kernels *a = dot_kernels_for("avx512"), *i = dot_kernels_for("ifma");
    const char *settings = dot_settings(), *ct = strstr(settings, " ct=");
    char said[64] = "-";
    if (ct)
        sscanf(ct + 4, "%63s", said);
    printf("%s %s %s %s\n", a ? form_of(a) : "-", i ? form_of(i) : "-", said,
           dispatched_ct_right() ? "right" : "WRONG");
    return 0;
}

static dot_child_result run(const char *isa, const char *form)
{
    char isa_env[64] = "DOT_ISA", form_env[64] = "DOT_CT_FORM";
    if (isa)
        snprintf(isa_env, sizeof isa_env, "DOT_ISA=%s", isa);
    if (form)
        snprintf(form_env, sizeof form_env, "DOT_CT_FORM=%s", form);
    const char *env[] = {isa_env, form_env, "DOT_CROSSOVER=0", NULL};
    return dot_run_self("--child", env);
}

static void expect(const char *isa, const char *form, const char *line)
{
    dot_child_result c = run(isa, form);
    CHECK(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0 &&
              strncmp(c.out, line, strlen(line)) == 0,
          "DOT_ISA=%s DOT_CT_FORM=%s: expected \"%s\", child printed \"%s\" (stderr: %s)",
          isa ? isa : "(unset)", form ? form : "(unset)", line, c.out, c.err);
    printf("  DOT_ISA=%-6s DOT_CT_FORM=%-6s -> %s", isa ? isa : "-", form ? form : "-", c.out);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    printf("avx512 table, ifma table, settings' ct=, dispatched _ct on cascades:\n");
    if (!dot_isa_supported("avx512")) {
        printf("  no AVX-512 here: no table has two forms, the settings name none\n");
        expect(NULL, NULL, "- - - right");
        expect(NULL, "mask", "- - - right");
    } else {
        /* the default: both tables hold the form the settings name */
        dot_child_result d = run(NULL, NULL);
        char a[16] = "", b[16] = "", s[16] = "";
        sscanf(d.out, "%15s %15s %15s", a, b, s);
        CHECK((strcmp(a, b) == 0 || !dot_isa_supported("ifma")) && strcmp(a, s) == 0 &&
                  strcmp(a, "mixed") != 0 && strstr(d.out, " right"),
              "default: the tables and the settings must name one form, child printed \"%s\"",
              d.out);
        printf("  default                     -> %s", d.out);
        const char *ifma = dot_isa_supported("ifma") ? "mask" : "-";
        char line[64];
        snprintf(line, sizeof line, "mask %s mask right", ifma);
        expect(NULL, "mask", line);
        snprintf(line, sizeof line, "shift %s shift right",
                 dot_isa_supported("ifma") ? "shift" : "-");
        expect(NULL, "shift", line);
        snprintf(line, sizeof line, "mask %s mask right", ifma);
        expect("avx512", "mask", line);
        /* a variant with one form names none, whatever DOT_CT_FORM says */
        snprintf(line, sizeof line, "mask %s - right", ifma);
        if (dot_isa_supported("avx2"))
            expect("avx2", "mask", line);
    }
    static const char *const bad[] = {"Mask", "lookahead", "shift,mask", "1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dot_child_result c = run(NULL, bad[i]);
        CHECK(dot_child_aborted_with(&c, "DOT_CT_FORM=") && strstr(c.err, bad[i]),
              "DOT_CT_FORM=%s must abort with a message naming it; status %d, stdout \"%s\", "
              "stderr \"%s\"",
              bad[i], c.status, c.out, c.err);
        printf("  DOT_CT_FORM=%-11s -> refused: %s", bad[i], c.err);
    }
    return dot_check_summary();
}
