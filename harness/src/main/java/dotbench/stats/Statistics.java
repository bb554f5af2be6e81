package dotbench.stats;

import java.util.Arrays;

/** Order statistics over small samples. */
public final class Statistics {
    private Statistics() {}

    public static double median(double[] values) {
        return quantile(values, 0.5);
    }

    /** The q-quantile with linear interpolation between order statistics (R's type 7). */
    public static double quantile(double[] values, double q) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("quantile must be in [0, 1], got " + q);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }

    public static double geometricMean(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double logSum = 0;
        for (double v : values) {
            if (!(v > 0)) {
                throw new IllegalArgumentException("geometric mean needs positive values, got " + v);
            }
            logSum += Math.log(v);
        }
        return Math.exp(logSum / values.length);
    }
}
