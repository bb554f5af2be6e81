package dotbench.pipeline;

import java.util.Map;
import java.util.Optional;

/**
 * A case set up and checked on every variant: the instances to time (in run order), the variants
 * whose answers were wrong (never timed), or why the case is not timed at all.
 */
public record Trial(Map<String, Timed> timed, Map<String, String> failed, Optional<String> skipped) {
    public Trial {
        timed = Ordered.copy(timed);
        failed = Ordered.copy(failed);
    }

    /** Every variant right: all of them timed. */
    public static Trial of(Map<String, Timed> timed) {
        return new Trial(timed, Map.of(), Optional.empty());
    }

    /** Not timed at all, for the reason given; {@code failed} are the variants already found wrong. */
    public static Trial skipped(String why, Map<String, String> failed) {
        return new Trial(Map.of(), failed, Optional.of(why));
    }
}
