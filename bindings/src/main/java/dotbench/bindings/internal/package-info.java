/**
 * The low-level layer: one class per C header, shaped like jextract's output (names equal to the C
 * symbols, {@code $descriptor()}/{@code $address()} companions, struct classes with
 * {@code layout()} and field accessors).
 *
 * <p>One deliberate difference from jextract: jextract binds every function to one global
 * {@code SymbolLookup}, which cannot hold a stock and a patched libgmp at once. Here a header class
 * is instantiated per loaded library (its own lookup); descriptors and layouts stay static, so
 * {@code make bindings} output can be compared line by line. Callers outside the bindings module
 * use the typed layer in {@code dotbench.bindings}.
 */
package dotbench.bindings.internal;
