/* make tune's crossover rule (tune/pick.h) on made-up timings whose right answer is known:
 * a clean crossing, a vector kernel that never wins or always wins, single noisy sizes and small
 * isolated wins that must not move the choice, and a large win next to the crossing that must;
 * and the rule between the two forms of the constant-time kernel (a margin against noise). */
#include <stdio.h>
#include "common/check.h"
#include "../tune/pick.h"

#define COUNT 128

static size_t sizes[COUNT];
static double chain[COUNT], vector[COUNT];

static void line(double chain_fixed, double chain_per_limb, double vec_fixed, double vec_per_limb)
{
    for (size_t i = 0; i < COUNT; i++) {
        sizes[i] = i + 1;
        chain[i] = chain_fixed + chain_per_limb * (double)sizes[i];
        vector[i] = vec_fixed + vec_per_limb * (double)sizes[i];
    }
}

static void expect(const char *what, size_t want)
{
    size_t got = dot_pick_crossover(sizes, chain, vector, COUNT);
    CHECK(got == want, "%s: picked %zu, expected %zu", what, got, want);
    printf("  %-52s -> %s%zu\n", what, got == SIZE_MAX ? "MAX " : "", got == SIZE_MAX ? 0 : got);
}

int main(void)
{
    line(6.4, 1.0, 16.0, 0.5); /* equal at 19.2: the vector kernel is faster from 20 on */
    expect("clean crossing", 20);

    line(6.4, 1.0, 16.0, 0.5);
    vector[99] *= 1.5; /* one slow sample far above the crossing */
    chain[9] *= 1.3;   /* one slow chain sample below it */
    expect("single noisy sizes do not move it", 20);

    line(6.4, 1.0, 16.0, 0.5);
    vector[4] = chain[4] * 0.8; /* wins at 5 and 9 only */
    vector[8] = chain[8] * 0.8;
    expect("isolated wins well below the crossing stay on the chain", 20);

    line(6.4, 1.0, 16.0, 0.5);
    vector[15] = chain[15] * 0.7; /* a big win at 16, small losses at 17-19: worth switching */
    expect("a big win just below the crossing moves it there", 16);

    line(5.0, 0.75, 9.0, 0.9);
    expect("never faster: the chain everywhere", SIZE_MAX);

    line(9.0, 1.0, 2.0, 0.5);
    expect("always faster: the vector kernel everywhere", 1);

    line(6.4, 1.0, 16.0, 0.5);
    for (size_t i = 0; i < COUNT; i++) { /* planted: the two columns swapped must not agree */
        double t = chain[i];
        chain[i] = vector[i];
        vector[i] = t;
    }
    CHECK(dot_pick_crossover(sizes, chain, vector, COUNT) != 20,
          "swapped columns must not give the clean crossing's answer");

    /* the constant-time form: the incumbent stays unless the other is more than 2% cheaper */
    CHECK(!dot_pick_form_switch(700.0, 690.0), "1.4%% cheaper must not replace the incumbent");
    CHECK(!dot_pick_form_switch(690.0, 700.0), "a dearer challenger must not replace it");
    CHECK(dot_pick_form_switch(700.0, 680.0), "2.9%% cheaper must replace it");
    CHECK(dot_pick_form_switch(700.0, 600.0), "14%% cheaper must replace it");
    printf("  %-52s -> kept, kept, replaced, replaced\n", "forms 1.4%/-1.4%/2.9%/14% cheaper");
    /* control: the plain minimum, a rule without the margin, takes the 1.4% case; so that case
     * fails unless the margin is there */
    const double incumbent = 700.0, challenger = 690.0;
    int plain_minimum = challenger < incumbent;
    CHECK(plain_minimum && !dot_pick_form_switch(incumbent, challenger),
          "the margin, not the costs' order, must be what keeps the 1.4%% case");
    return dot_check_summary();
}
