package dotbench.pipeline;

import java.time.Duration;

/** How the runner spends its time on one case: in calibrated batches, or in time windows. */
public sealed interface Schedule {
    /**
     * GMPbench's way: a batch size is calibrated on the first variant (doubled until a batch takes
     * at least {@code minTime} of CPU time), then every variant runs batches of that size. For
     * operations short enough that the loop must run inside native code.
     */
    record Batches(Duration minTime) implements Schedule {
        public Batches {
            if (minTime.isNegative() || minTime.isZero() || minTime.compareTo(Duration.ofSeconds(60)) > 0) {
                throw new IllegalArgumentException(
                        "--min-time must be above 0 and at most 60 s, got " + minTime.toMillis() + " ms");
            }
        }
    }

    /**
     * openssl speed's way: each variant gets {@code window} of wall time per case, split into as many
     * slots as the settings have samples; a slot runs operations until its time is up.
     */
    record Windows(Duration window) implements Schedule {
        public Windows {
            if (window.isNegative() || window.isZero() || window.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException(
                        "--seconds must be above 0 and at most 3600, got " + window.toMillis() / 1000.0);
            }
        }
    }
}
