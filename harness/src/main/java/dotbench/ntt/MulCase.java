package dotbench.ntt;

import dotbench.bindings.helper.NttLoops;
import dotbench.pipeline.Case;
import dotbench.pipeline.Sample;
import dotbench.pipeline.Timed;
import dotbench.pipeline.Trial;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One shape on every contender: the same operands for all (drawn from a seed that depends on the
 * shape only), each contender's product checked against BigInteger's before timing, after every
 * timed batch and after the case, so a wrong product withholds that contender's figures.
 */
final class MulCase implements Case<Shape> {
    private static final long ALIGN = 64;

    private final Shape shape;
    private final List<Contender> contenders;
    private final NttLoops loops;
    private Arena arena;
    private MemorySegment expected;
    private final Map<String, Instance> instances = new LinkedHashMap<>();

    MulCase(Shape shape, List<Contender> contenders, NttLoops loops) {
        this.shape = shape;
        this.contenders = List.copyOf(contenders);
        this.loops = loops;
    }

    @Override
    public String name() {
        return shape.name();
    }

    @Override
    public Shape detail() {
        return shape;
    }

    /** The operands: random limbs from the shape's own seed; u's top limb and v's are all ones. */
    static long[][] operands(Shape shape) {
        SplittableRandom rng = new SplittableRandom(31L * shape.un() + shape.vn() + (shape.square() ? 1 << 20 : 0));
        long[] u = rng.longs(shape.un()).toArray();
        long[] v = shape.square() ? u : rng.longs(shape.vn()).toArray();
        u[shape.un() - 1] = -1L;
        v[shape.vn() - 1] = -1L;
        return new long[][] {u, v};
    }

    @Override
    public Trial prepare() {
        arena = Arena.ofConfined();
        long[][] uv = operands(shape);
        MemorySegment up = limbs(uv[0]);
        MemorySegment vp = shape.square() ? up : limbs(uv[1]);
        expected = limbs(product(uv[0], uv[1]));
        Map<String, Timed> timed = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (Contender c : contenders) {
            Instance i = new Instance(c, up, vp, arena.allocate(expected.byteSize(), ALIGN));
            i.run(1);
            Optional<String> wrong = i.checkLast();
            if (wrong.isPresent()) {
                failed.put(c.name(), wrong.get());
            } else {
                instances.put(c.name(), i);
                timed.put(c.name(), i);
            }
        }
        return new Trial(timed, failed, Optional.empty());
    }

    /** u v by BigInteger, as un + vn limbs: the reference every contender is checked against. */
    static long[] product(long[] u, long[] v) {
        byte[] p = toBigInteger(u).multiply(toBigInteger(v)).toByteArray();
        long[] out = new long[u.length + v.length];
        ByteBuffer b = ByteBuffer.wrap(p);
        for (int i = 0; i < out.length && p.length - 8 * i > 0; i++) {
            int end = p.length - 8 * i;
            long limb = 0;
            for (int k = Math.max(0, end - 8); k < end; k++) {
                limb = limb << 8 | (b.get(k) & 0xff);
            }
            out[i] = limb;
        }
        return out;
    }

    private static BigInteger toBigInteger(long[] limbs) {
        ByteBuffer b = ByteBuffer.allocate(8 * limbs.length).order(ByteOrder.BIG_ENDIAN);
        for (int i = limbs.length - 1; i >= 0; i--) {
            b.putLong(limbs[i]);
        }
        return new BigInteger(1, b.array());
    }

    private MemorySegment limbs(long[] values) {
        MemorySegment s = arena.allocate(8L * values.length, ALIGN);
        MemorySegment.copy(values, 0, s, ValueLayout.JAVA_LONG, 0, values.length);
        return s;
    }

    @Override
    public Map<String, String> verify(Set<String> timed) {
        Map<String, String> wrong = new LinkedHashMap<>();
        for (String name : timed) {
            Instance i = instances.get(name);
            if (i != null) {
                i.checkLast().ifPresent(why -> wrong.put(name, "after the case: " + why));
            }
        }
        return wrong;
    }

    @Override
    public void close() {
        instances.clear();
        if (arena != null) {
            arena.close();
            arena = null;
        }
    }

    /** One contender's instance: its own output, the shared operands, the native timed loop. */
    private final class Instance implements Timed {
        private final Contender contender;
        private final MemorySegment up;
        private final MemorySegment vp;
        private final MemorySegment rp;
        private final MemorySegment timing;

        Instance(Contender contender, MemorySegment up, MemorySegment vp, MemorySegment rp) {
            this.contender = contender;
            this.up = up;
            this.vp = vp;
            this.rp = rp;
            this.timing = NttLoops.newTiming(arena);
        }

        private int kind() {
            return shape.square() ? NttLoops.SHAPE_SQR : NttLoops.SHAPE_MUL;
        }

        @Override
        public Sample run(long reps) {
            MemorySegment fn = shape.square() ? contender.sqr() : contender.mul();
            loops.loop(fn, kind(), rp, up, shape.un(), vp, shape.vn(), reps, timing);
            return Sample.of(reps, NttLoops.cpuNanos(timing), NttLoops.wallNanos(timing));
        }

        @Override
        public Sample runEmpty(long reps) {
            loops.loopEmpty(kind(), rp, up, shape.un(), vp, shape.vn(), reps, timing);
            return Sample.of(reps, NttLoops.cpuNanos(timing), NttLoops.wallNanos(timing));
        }

        /** The product left in rp against BigInteger's. */
        @Override
        public Optional<String> checkLast() {
            long at = MemorySegment.mismatch(rp, 0, rp.byteSize(), expected, 0, expected.byteSize());
            if (at < 0) {
                return Optional.empty();
            }
            return Optional.of("wrong product: limb " + at / 8 + " of " + (shape.un() + shape.vn())
                    + " differs from BigInteger's");
        }
    }
}
