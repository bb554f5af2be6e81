package dotbench.gmpbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** GMPbench 0.2's 39 tests (runbench's *_args lists, in its order) and test selection by name. */
public final class GmpBenchSuite {
    private GmpBenchSuite() {}

    private static final List<GmpBenchTest> ALL = List.copyOf(build());

    private static List<GmpBenchTest> build() {
        List<GmpBenchTest> tests = new ArrayList<>();
        add(
                tests,
                Program.MULTIPLY,
                "128 512 8192 131072 2097152 128,128 512,512 8192,8192 131072,131072 "
                        + "2097152,2097152 15000,10000 20000,10000 30000,10000 16777216,512 16777216,262144");
        add(
                tests,
                Program.DIVIDE,
                "8192,32 8192,64 8192,128 8192,4096 131072,65536 8388608,4194304 8192,8064 16777216,262144");
        add(tests, Program.GCD, "128,128 512,512 8192,8192 131072,131072 1048576,1048576");
        add(tests, Program.GCDEXT, "128,128 512,512 8192,8192 131072,131072 1048576,1048576");
        add(tests, Program.RSA, "512 1024 2048");
        add(tests, Program.PI, "10000 100000 1000000");
        return tests;
    }

    private static void add(List<GmpBenchTest> tests, Program program, String runbenchArgs) {
        for (String a : runbenchArgs.split(" ")) {
            tests.add(new GmpBenchTest(
                    program, Arrays.stream(a.split(",")).map(Long::valueOf).toList()));
        }
    }

    public static List<GmpBenchTest> all() {
        return ALL;
    }

    /**
     * Tests named by {@code spec}: a comma-separated list of test names ("multiply(128,128)") and
     * program names ("gcd" = all five gcd tests); commas inside parentheses belong to the name.
     * Suite order is kept. An unknown name is an {@link IllegalArgumentException} listing the valid ones.
     */
    public static List<GmpBenchTest> select(String spec) {
        Set<String> wanted = new LinkedHashSet<>(splitOutsideParentheses(spec));
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("no tests named");
        }
        Set<String> known = new LinkedHashSet<>();
        for (GmpBenchTest t : ALL) {
            known.add(t.name());
            known.add(t.program().label());
        }
        for (String w : wanted) {
            if (!known.contains(w)) {
                throw new IllegalArgumentException("unknown test '" + w
                        + "'; valid: a program (multiply, divide, gcd, gcdext, rsa, pi) or one of "
                        + String.join(" ", ALL.stream().map(GmpBenchTest::name).toList()));
            }
        }
        return ALL.stream()
                .filter(t ->
                        wanted.contains(t.name()) || wanted.contains(t.program().label()))
                .toList();
    }

    static List<String> splitOutsideParentheses(String spec) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        for (char ch : spec.toCharArray()) {
            if (ch == ',' && depth == 0) {
                parts.add(current.toString().trim());
                current.setLength(0);
                continue;
            }
            depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
            current.append(ch);
        }
        parts.add(current.toString().trim());
        return parts.stream().filter(p -> !p.isEmpty()).toList();
    }
}
