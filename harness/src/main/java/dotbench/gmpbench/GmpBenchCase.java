package dotbench.gmpbench;

import dotbench.bindings.Gmp;
import dotbench.nativeloop.GmpCase;
import dotbench.nativeloop.NativeHelper;
import dotbench.pipeline.Case;
import dotbench.pipeline.Timed;
import dotbench.pipeline.Trial;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One GMPbench test on every GMP variant: every variant's answer is checked (BigInteger where
 * affordable, else agreement between variants) before timing, and the outputs the timed variants
 * leave behind are compared again after it.
 */
final class GmpBenchCase implements Case<TestDetail> {
    private final GmpBenchTest test;
    private final NativeHelper helper;
    private final Map<String, Gmp> variants;
    private final Map<String, GmpCase> cases = new LinkedHashMap<>();
    private final Map<String, String> answers = new LinkedHashMap<>();
    private final Map<String, String> outputs = new LinkedHashMap<>();
    private final boolean oracle;

    GmpBenchCase(GmpBenchTest test, NativeHelper helper, Map<String, Gmp> variants) {
        this.test = test;
        this.helper = helper;
        this.variants = variants;
        this.oracle = Oracle.covers(test);
    }

    @Override
    public String name() {
        return test.name();
    }

    @Override
    public Trial prepare() {
        variants.forEach((name, gmp) -> cases.put(name, helper.newCase(gmp, test.name())));
        List<String> wrong = new ArrayList<>();
        for (var e : cases.entrySet()) {
            answers.put(e.getKey(), e.getValue().answerHash()); // leaves the answer in the outputs
            if (oracle && !checkWithOracle(e.getValue())) {
                wrong.add(e.getKey());
            }
        }
        if (!oracle) {
            wrong.addAll(outsideMajority(answers));
        }
        Map<String, Timed> timed = new LinkedHashMap<>(cases);
        Map<String, String> failed = new LinkedHashMap<>();
        for (String name : wrong) {
            timed.remove(name);
            failed.put(name, oracle ? "wrong answer (BigInteger oracle)" : "answer differs from the majority's");
        }
        return new Trial(timed, failed, Optional.empty());
    }

    @Override
    public Map<String, String> verify(Set<String> timed) {
        cases.forEach((name, c) -> {
            if (timed.contains(name)) {
                outputs.put(name, c.outputHash());
            }
        });
        Map<String, String> failed = new LinkedHashMap<>();
        outsideMajority(outputs).forEach(name -> failed.put(name, "outputs after timing differ from the majority's"));
        return failed;
    }

    @Override
    public TestDetail detail() {
        return new TestDetail(test, answers, outputs, oracle);
    }

    @Override
    public void close() {
        cases.values().forEach(GmpCase::close);
    }

    private boolean checkWithOracle(GmpCase c) {
        return Oracle.check(
                        test,
                        c.operand(0).orElseThrow(),
                        c.operand(1),
                        c.output(0).orElseThrow(),
                        c.output(1))
                .orElseThrow();
    }

    /**
     * Variants whose hash differs from the one a strict majority shares; with no strict majority
     * (e.g. two variants that disagree) every variant is suspect.
     */
    static List<String> outsideMajority(Map<String, String> hashes) {
        Map<String, Integer> counts = new HashMap<>();
        hashes.values().forEach(h -> counts.merge(h, 1, Integer::sum));
        Optional<String> majority = counts.entrySet().stream()
                .filter(e -> e.getValue() * 2 > hashes.size())
                .map(Map.Entry::getKey)
                .findFirst();
        return hashes.entrySet().stream()
                .filter(e -> majority.map(m -> !m.equals(e.getValue())).orElse(true))
                .map(Map.Entry::getKey)
                .toList();
    }
}
