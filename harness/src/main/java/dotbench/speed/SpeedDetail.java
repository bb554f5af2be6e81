package dotbench.speed;

import dotbench.pipeline.Ordered;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the speed suite records about one test beyond the shared outcome.
 *
 * @param latencyNs variant to the latency of every timed operation (warm-up excluded)
 */
public record SpeedDetail(SpeedTest test, Map<String, Histogram> latencyNs) {
    public SpeedDetail {
        latencyNs = Ordered.copy(latencyNs);
    }
}
