package dotbench.pipeline;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Unmodifiable copies that keep insertion order (Map.copyOf does not): tables and files list variants and tests in run order. */
public final class Ordered {
    private Ordered() {}

    public static <K, V> Map<K, V> copy(Map<K, V> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
