package dotbench.history;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a series by E-divisive means (Matteson and James, "A Nonparametric Approach
 * for Multiple Change Point Analysis of Multivariate Data", JASA 2014), the method behind
 * MongoDB's and Apache Otava's performance-regression detection. Hierarchical bisection: the
 * split that maximises the scaled energy distance between the two sides is proposed, a
 * permutation test decides whether it is significant, and the procedure recurses until the best
 * remaining split is not. Nonparametric: no distribution is assumed, only independent points
 * within a segment. Deterministic for a given seed.
 */
public final class EDivisive {
    /** A change between index - 1 and index, with the permutation p-value of its split. */
    public record ChangePoint(int index, double pValue) {}

    /**
     * @param significance a split counts when its permutation p-value is below this
     * @param permutations permutations per test (the smallest reachable p-value is 1/(permutations+1))
     * @param minSegment   fewest points on each side of a split
     */
    public record Settings(double significance, int permutations, int minSegment, long seed) {
        public static final Settings DEFAULT = new Settings(0.01, 499, 3, 1);

        public Settings {
            if (!(significance > 0 && significance < 1) || permutations < 1 || minSegment < 1) {
                throw new IllegalArgumentException("change-point settings out of range: " + significance + ", "
                        + permutations + ", " + minSegment);
            }
        }
    }

    record Split(int start, int end, int at, double q) {}

    private EDivisive() {}

    /** The change points of x in index order. */
    public static List<ChangePoint> find(double[] x, Settings s) {
        SplittableRandom random = new SplittableRandom(s.seed());
        List<int[]> segments = new ArrayList<>(List.of(new int[] {0, x.length}));
        List<ChangePoint> found = new ArrayList<>();
        while (true) {
            Split best = null;
            for (int[] seg : segments) {
                Split candidate = bestSplit(x, seg[0], seg[1], s.minSegment());
                if (candidate != null && (best == null || candidate.q() > best.q())) {
                    best = candidate;
                }
            }
            if (best == null) {
                break;
            }
            double p = permutationPValue(x, best, s, random);
            if (p >= s.significance()) {
                break;
            }
            found.add(new ChangePoint(best.at(), p));
            Split split = best;
            segments.removeIf(seg -> seg[0] == split.start() && seg[1] == split.end());
            segments.add(new int[] {split.start(), split.at()});
            segments.add(new int[] {split.at(), split.end()});
        }
        found.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return found;
    }

    private static double permutationPValue(double[] x, Split observed, Settings s, SplittableRandom random) {
        double[] copy = new double[observed.end() - observed.start()];
        System.arraycopy(x, observed.start(), copy, 0, copy.length);
        int atLeast = 0;
        for (int r = 0; r < s.permutations(); r++) {
            shuffle(copy, random);
            Split permuted = bestSplit(copy, 0, copy.length, s.minSegment());
            if (permuted != null && permuted.q() >= observed.q()) {
                atLeast++;
                if ((atLeast + 1.0) / (s.permutations() + 1.0) >= s.significance()) {
                    // cannot become significant any more: the rest of the permutations are spared
                    return (atLeast + 1.0) / (s.permutations() + 1.0);
                }
            }
        }
        return (atLeast + 1.0) / (s.permutations() + 1.0);
    }

    private static void shuffle(double[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /**
     * The split of x[start, end) with the largest Q = m k / (m + k) * E, where E is the energy
     * distance (exponent 1) between the m points left and the k points right of it, or null when
     * the segment is too short to split. Sums of pairwise distances are updated as the split
     * moves, so one scan costs O(n^2).
     */
    static Split bestSplit(double[] x, int start, int end, int minSegment) {
        int n = end - start;
        if (n < 2 * minSegment) {
            return null;
        }
        double total = 0;
        for (int i = start; i < end; i++) {
            for (int j = i + 1; j < end; j++) {
                total += Math.abs(x[i] - x[j]);
            }
        }
        double left = 0;
        double right = total;
        Split best = null;
        for (int at = start + 1; at < end; at++) {
            // moving x[at-1] from the right side to the left
            double toLeft = 0;
            for (int i = start; i < at - 1; i++) {
                toLeft += Math.abs(x[i] - x[at - 1]);
            }
            double toRight = 0;
            for (int j = at; j < end; j++) {
                toRight += Math.abs(x[at - 1] - x[j]);
            }
            left += toLeft;
            right -= toRight;
            int m = at - start;
            int k = end - at;
            if (m < minSegment || k < minSegment) {
                continue;
            }
            double across = total - left - right;
            double e = 2 * across / ((double) m * k) - withinMean(left, m) - withinMean(right, k);
            double q = (double) m * k / (m + k) * e;
            if (best == null || q > best.q()) {
                best = new Split(start, end, at, q);
            }
        }
        return best;
    }

    private static double withinMean(double pairSum, int count) {
        return count < 2 ? 0 : pairSum / (count * (count - 1) / 2.0);
    }
}
