package dotbench.report;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Kernel test names of the JMH suite: "add_n(8)" is add_n on 8-limb operands. */
public record KernelTestName(String op, int limbs) {
    private static final Pattern NAME = Pattern.compile("([a-z0-9_]+)\\((\\d+)\\)");

    public static Optional<KernelTestName> parse(String name) {
        Matcher m = NAME.matcher(name);
        return m.matches()
                ? Optional.of(new KernelTestName(m.group(1), Integer.parseInt(m.group(2))))
                : Optional.empty();
    }

    public String name() {
        return op + "(" + limbs + ")";
    }
}
