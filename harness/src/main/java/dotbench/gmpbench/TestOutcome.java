package dotbench.gmpbench;

import dotbench.runner.Measurement;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One test's result on every variant.
 *
 * @param answerHashes variant to the hash of its answer (before timing)
 * @param outputHashes variant to the hash its outputs held after the last timed batch
 * @param oracleChecked whether BigInteger checked the answers (else agreement between variants did)
 * @param failed       variants whose answer was wrong (or disagreed with the majority): not timed
 * @param measurement  the timing of the variants that answered right; empty if none did
 */
public record TestOutcome(GmpBenchTest test, Map<String, String> answerHashes, Map<String, String> outputHashes,
        boolean oracleChecked, List<String> failed, Optional<Measurement> measurement) {
    public TestOutcome {
        answerHashes = dotbench.runner.Ordered.copy(answerHashes);
        outputHashes = dotbench.runner.Ordered.copy(outputHashes);
        failed = List.copyOf(failed);
    }

    public boolean failed(String variant) {
        return failed.contains(variant);
    }

    /** Median ops/s of a variant that passed. */
    public double medianOpsPerSecond(String variant) {
        return dotbench.stats.Statistics.median(measurement.orElseThrow().opsPerSecond(variant));
    }
}
