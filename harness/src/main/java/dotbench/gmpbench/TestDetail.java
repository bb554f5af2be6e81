package dotbench.gmpbench;

import dotbench.pipeline.Ordered;
import java.util.Map;

/**
 * What the gmpbench suite records about one test beyond the shared outcome.
 *
 * @param answerHashes  variant to the hash of its answer (before timing)
 * @param outputHashes  variant to the hash its outputs held after the last timed batch
 * @param oracleChecked whether BigInteger checked the answers (else agreement between variants did)
 */
public record TestDetail(
        GmpBenchTest test, Map<String, String> answerHashes, Map<String, String> outputHashes, boolean oracleChecked) {
    public TestDetail {
        answerHashes = Ordered.copy(answerHashes);
        outputHashes = Ordered.copy(outputHashes);
    }
}
