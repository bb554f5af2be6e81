package dotbench.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The suites the command line offers, by name. Each entry makes a fresh suite object, so every
 * subcommand (the suite's own, and its `fidelity` entry) parses options into an object of its own.
 */
public final class Registry {
    private final Map<String, Supplier<Suite<?>>> suites = new LinkedHashMap<>();

    /** Adds a suite under the name it reports; a second suite of the same name is an error. */
    public Registry register(Supplier<Suite<?>> factory) {
        String name = factory.get().name();
        if (suites.putIfAbsent(name, factory) != null) {
            throw new IllegalArgumentException("a suite named '" + name + "' is registered twice");
        }
        return this;
    }

    /** A fresh instance of every suite, in registration order. */
    public List<Suite<?>> fresh() {
        List<Suite<?>> out = new ArrayList<>();
        suites.values().forEach(f -> out.add(f.get()));
        return out;
    }
}
