/* A DOT_DEBUG build of libdot checks dot.h's contracts on every call: a violation aborts with
 * a message naming the function and the rule, and calls within the contract still work. */
#include <stdio.h>
#include <string.h>
#include "../common/check.h"
#include "../common/child.h"
#include "dot.h"

static dot_limb_t buf[32];

/* dot_powm's operands within its contract: b at 8 (and a second base at 12, for the pairs), odd
 * m > b at 16, e at 24 (4 limbs each) */
static void powm_operands(dot_limb_t *b)
{
    for (int i = 0; i < 4; i++) {
        b[8 + i] = b[12 + i] = 0x1234 + (dot_limb_t)i;
        b[16 + i] = ~(dot_limb_t)0;
    }
    b[24] = 65537;
}

/* Each child breaks (or keeps) one rule; the name is the child's argument. */
static int child(const char *name)
{
    dot_limb_t *b = buf;
    if (!strcmp(name, "n=0"))
        dot_add_n(b, b + 8, b + 16, 0);
    else if (!strcmp(name, "rp=up+1"))
        dot_sub_n(b + 1, b, b + 16, 4);
    else if (!strcmp(name, "rp=vp+1"))
        dot_add_n_ct(b + 17, b, b + 16, 4);
    else if (!strcmp(name, "cin=2"))
        dot_add_nc(b, b + 4, b + 8, 4, 2);
    else if (!strcmp(name, "mul rp overlaps up"))
        dot_mul_4x4(b, b + 4, b + 16);
    else if (!strcmp(name, "sqr rp overlaps up"))
        dot_sqr_4x4(b + 2, b);
    else if (!strcmp(name, "powm m even")) {
        powm_operands(b);
        b[16] = 2;
        dot_powm(b, b + 8, b + 24, 1, b + 16, 4);
    } else if (!strcmp(name, "powm b = m")) {
        powm_operands(b);
        memcpy(b + 8, b + 16, 4 * sizeof *b);
        dot_powm(b, b + 8, b + 24, 1, b + 16, 4);
    } else if (!strcmp(name, "powm rp overlaps m")) {
        powm_operands(b);
        dot_powm(b + 14, b + 8, b + 24, 1, b + 16, 4);
    } else if (!strcmp(name, "powm_ct_x2 r2 overlaps b1")) {
        powm_operands(b);
        dot_powm_ct_x2(b, b + 8, b + 24, b + 16, b + 10, b + 12, b + 24, b + 16, 1, 4);
    } else if (!strcmp(name, "powm_takes en=0")) {
        powm_operands(b);
        dot_powm_takes(b + 24, 0, 4);
    } else if (!strcmp(name, "powm_ct_takes n=0")) {
        dot_powm_ct_takes(0);
    } else if (!strcmp(name, "powm2 b2 = m")) {
        powm_operands(b);
        memcpy(b + 12, b + 16, 4 * sizeof *b);
        dot_powm2(b, b + 8, b + 24, 1, b + 12, b + 24, 1, b + 16, 4);
    } else if (!strcmp(name, "powm2_takes e2n=0")) {
        powm_operands(b);
        dot_powm2_takes(b + 24, 1, b + 24, 0, 4);
    } else if (!strcmp(name, "powm_rr rr = m")) {
        powm_operands(b);
        dot_powm_rr(b, b + 8, b + 24, 1, b + 16, 4, b + 16);
    } else if (!strcmp(name, "powm_rr rp overlaps rr")) {
        powm_operands(b);
        dot_powm_rr(b + 2, b + 8, b + 24, 1, b + 16, 4, b + 4);
    } else if (!strcmp(name, "in place")) { /* allowed: rp == up, rp == vp, rp below up or vp */
        dot_add_n(b, b, b + 16, 8);
        dot_sub_n_ct(b + 16, b, b + 16, 8);
        dot_sub_n(b, b + 1, b + 16, 4);
        dot_add_nc_ct(b + 15, b, b + 16, 4, 1);
        dot_mul_4x4(b + 8, b, b + 16);
        powm_operands(b);
        dot_powm(b + 8, b + 8, b + 24, 1, b + 16, 4); /* rp == bp */
        dot_powm_takes(b + 24, 1, 4);
        dot_powm_ct_takes(4);
        powm_operands(b); /* r1 == b1, r2 == b2, the pair sharing e and m */
        dot_powm_ct_x2(b + 8, b + 8, b + 24, b + 16, b + 12, b + 12, b + 24, b + 16, 1, 4);
        powm_operands(b); /* rp == b2 */
        dot_powm2(b + 12, b + 8, b + 24, 1, b + 12, b + 24, 1, b + 16, 4);
        dot_powm2_takes(b + 24, 1, b + 24, 1, 4);
        powm_operands(b); /* rp == bp, rr (b + 12) below m */
        dot_powm_rr(b + 8, b + 8, b + 24, 1, b + 16, 4, b + 12);
        dot_powm_rr_takes(b + 24, 1, b + 16, 4);
    } else
        return 3;
    printf("returned\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        return child(argv[1]);
    static const struct {
        const char *name, *rule;
    } broken[] = {
        {"n=0", "n >= 1"},
        {"rp=up+1", "rp overlaps up from above"},
        {"rp=vp+1", "rp overlaps vp from above"},
        {"cin=2", "carry in is 0 or 1"},
        {"mul rp overlaps up", "rp overlaps an input"},
        {"sqr rp overlaps up", "rp overlaps an input"},
        {"powm m even", "m odd, m > 1"},
        {"powm b = m", "b < m"},
        {"powm rp overlaps m", "rp overlaps e or m"},
        {"powm_ct_x2 r2 overlaps b1", "the other exponentiation's operands"},
        {"powm_takes en=0", "n >= 1, en >= 1"},
        {"powm_ct_takes n=0", "n >= 1"},
        {"powm2 b2 = m", "b < m"},
        {"powm2_takes e2n=0", "n >= 1, e1n >= 1, e2n >= 1"},
        {"powm_rr rr = m", "rr < m"},
        {"powm_rr rp overlaps rr", "rp overlaps rr"},
    };
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        dot_child_result c = dot_run_self(broken[i].name, NULL);
        CHECK(dot_child_aborted_with(&c, broken[i].rule) && strstr(c.err, "contract violated"),
              "%s: expected an abort naming \"%s\", got status %d, stderr \"%s\"", broken[i].name,
              broken[i].rule, c.status, c.err);
        printf("  %-20s -> %s", broken[i].name, c.err);
    }
    dot_child_result ok = dot_run_self("in place", NULL);
    CHECK(strcmp(ok.out, "returned\n") == 0,
          "in-place and rp-below calls within the contract must work: %s", ok.err);
    return dot_check_summary();
}
