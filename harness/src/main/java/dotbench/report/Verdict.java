package dotbench.report;

import dotbench.stats.RatioEstimate;

/** The reproduction table's plain answers (results/paper-reference.json "verdict_rule"). */
public enum Verdict {
    REPRODUCED("reproduced"),
    NOT_REPRODUCED("not reproduced"),
    NOT_MEASURABLE("not measurable here"),
    NOT_MEASURED("not measured");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Share of the paper's effect the measurement must reach (the rule's min_effect_fraction). */
    public static final double MIN_EFFECT_FRACTION = 0.5;

    /**
     * Same direction as the paper, the whole interval on that side of 1, and at least half the
     * paper's effect: reproduced. Anything else that was measured: not reproduced.
     */
    public static Verdict judge(double paperRatio, RatioEstimate measured) {
        if (paperRatio >= 1) {
            return measured.low() > 1 && measured.ratio() - 1 >= MIN_EFFECT_FRACTION * (paperRatio - 1)
                    ? REPRODUCED
                    : NOT_REPRODUCED;
        }
        return measured.high() < 1 && 1 - measured.ratio() >= MIN_EFFECT_FRACTION * (1 - paperRatio)
                ? REPRODUCED
                : NOT_REPRODUCED;
    }

    /**
     * For a figure with no baseline to be faster than (a phase's share, a carry-to-add ratio):
     * reproduced when the whole interval lies within a factor 1/MIN_EFFECT_FRACTION of the
     * paper's value either way, the same magnitude; anything else measured: not reproduced.
     */
    public static Verdict judgeMagnitude(double paperValue, RatioEstimate measured) {
        return paperValue > 0
                        && measured.low() >= MIN_EFFECT_FRACTION * paperValue
                        && measured.high() <= paperValue / MIN_EFFECT_FRACTION
                ? REPRODUCED
                : NOT_REPRODUCED;
    }
}
