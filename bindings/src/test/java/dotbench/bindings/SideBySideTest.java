package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every GMP variant on this machine loaded at once, plus a byte-for-byte copy of the system
 * libgmp under another path (so there are always two libraries with one SONAME): each must
 * answer from its own file, with its own marker, and all must compute the same bits.
 */
class SideBySideTest {
    @TempDir
    Path temp;

    private List<VariantSpec> variantsIncludingACopy() throws IOException {
        List<VariantSpec> specs = new ArrayList<>(TestRoot.catalog().of(LibraryKind.GMP));
        VariantSpec system = TestRoot.systemGmp();
        Path copy = temp.resolve("libgmp-copy.so.10");
        Files.copy(system.library(), copy);
        specs.add(new VariantSpec("system-copy", LibraryKind.GMP, copy, system.include(), Manifest.none()));
        return specs;
    }

    /** The [start, end) address ranges /proc/self/maps shows for the file {@code library}. */
    private static List<long[]> mappingsOf(Path library) throws IOException {
        String real = library.toRealPath().toString();
        List<long[]> ranges = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 6 && f[5].equals(real)) {
                String[] range = f[0].split("-");
                ranges.add(new long[] {Long.parseUnsignedLong(range[0], 16), Long.parseUnsignedLong(range[1], 16)});
            }
        }
        return ranges;
    }

    @Test
    void eachVariantAnswersFromItsOwnFileAndAllAgree() throws IOException {
        List<VariantSpec> specs = variantsIncludingACopy();
        List<LibraryVariant> loaded = new ArrayList<>();
        try {
            specs.forEach(s -> loaded.add(LibraryVariant.open(s)));
            Random random = new Random(7);
            BigInteger a = new BigInteger(9000, random), b = new BigInteger(7000, random);
            BigInteger m = new BigInteger(512, random).setBit(511).setBit(0);
            Set<Long> mulAddresses = new HashSet<>();
            for (LibraryVariant v : loaded) {
                Gmp gmp = Gmp.of(v);
                MemorySegment mul = gmp.header().__gmpz_mul$address();
                assertTrue(mulAddresses.add(mul.address()), v + " shares mpz_mul with another variant");
                boolean inOwnFile = mappingsOf(v.spec().library()).stream()
                        .anyMatch(r -> Long.compareUnsigned(mul.address(), r[0]) >= 0 && Long.compareUnsigned(mul.address(), r[1]) < 0);
                assertTrue(inOwnFile, v + ": mpz_mul does not lie in " + v.spec().library() + "'s mapping");
                assertEquals(v.spec().patched(), v.marker().map(s -> s.startsWith("dotmp")).orElse(false),
                        v + " marker " + v.marker());
                try (Mpz x = gmp.newMpz(a); Mpz y = gmp.newMpz(b); Mpz mod = gmp.newMpz(m); Mpz r = gmp.newMpz()) {
                    assertEquals(a.multiply(b), r.mul(x, y).toBigInteger(), v.toString());
                    assertEquals(a.modPow(b, m), r.powm(x, y, mod).toBigInteger(), v.toString());
                }
            }
            assertTrue(loaded.size() >= 2);
        } finally {
            loaded.forEach(LibraryVariant::close);
        }
    }
}
