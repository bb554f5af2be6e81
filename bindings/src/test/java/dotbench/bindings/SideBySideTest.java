package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.bindings.openssl.Bignum;
import dotbench.bindings.openssl.LibCrypto;
import dotbench.bindings.openssl.Pkey;
import dotbench.bindings.openssl.PkeyCtx;
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
 * libgmp under another path (so there are always two libraries with one SONAME), and then with
 * them every libcrypto variant: each must answer from its own file, with its own marker, and all
 * must compute the same bits. `make java-test` builds the variants (make libs) first, so the
 * stock and dot GMP and the four libcrypto builds must all be here.
 */
class SideBySideTest {
    @TempDir
    Path temp;

    private List<VariantSpec> variantsIncludingACopy() throws IOException {
        // the built variants must be here: the system libgmp and its copy alone would pass
        List<VariantSpec> built = TestRoot.catalog().built(LibraryKind.GMP);
        assertTrue(
                names(built).containsAll(List.of("stock", "stock-noasm", "dot", "dot-noasm")),
                "GMP builds: " + names(built) + " (make libs)");
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

    private static boolean inOwnFile(LibraryVariant v, MemorySegment function) throws IOException {
        return mappingsOf(v.spec().library()).stream()
                .anyMatch(r -> Long.compareUnsigned(function.address(), r[0]) >= 0
                        && Long.compareUnsigned(function.address(), r[1]) < 0);
    }

    private static List<String> names(List<VariantSpec> specs) {
        return specs.stream().map(VariantSpec::name).toList();
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
                MemorySegment mul = v.function("__gmpz_mul");
                assertTrue(mulAddresses.add(mul.address()), v + " shares mpz_mul with another variant");
                assertTrue(
                        inOwnFile(v, mul),
                        v + ": mpz_mul does not lie in " + v.spec().library() + "'s mapping");
                assertEquals(
                        v.spec().patched(),
                        v.marker().map(s -> s.startsWith("dotmp")).orElse(false),
                        v + " marker " + v.marker());
                try (Mpz x = gmp.newMpz(a);
                        Mpz y = gmp.newMpz(b);
                        Mpz mod = gmp.newMpz(m);
                        Mpz r = gmp.newMpz()) {
                    assertEquals(a.multiply(b), r.mul(x, y).toBigInteger(), v.toString());
                    assertEquals(a.modPow(b, m), r.powm(x, y, mod).toBigInteger(), v.toString());
                }
            }
            // both patched builds answered, each with the dotmp marker and libdot's settings
            List<String> patched = loaded.stream()
                    .filter(v -> v.marker()
                            .map(mk -> mk.startsWith("dotmp") && mk.contains("isa="))
                            .orElse(false))
                    .map(v -> v.spec().name())
                    .toList();
            assertTrue(patched.containsAll(List.of("dot", "dot-noasm")), "variants with the dotmp marker: " + patched);
            assertTrue(loaded.size() >= 6, "loaded: " + loaded);
        } finally {
            loaded.forEach(LibraryVariant::close);
        }
    }

    @Test
    void gmpAndEveryLibcryptoVariantLoadSideBySide() throws IOException {
        VariantCatalog catalog = TestRoot.catalog();
        List<VariantSpec> gmps = catalog.built(LibraryKind.GMP);
        List<VariantSpec> cryptos = catalog.built(LibraryKind.OPENSSL);
        assertTrue(names(gmps).containsAll(List.of("stock", "dot")), "GMP builds: " + names(gmps) + " (make libs)");
        assertTrue(
                names(cryptos).containsAll(List.of("stock", "stock-noasm", "dot", "dot-noasm")),
                "libcrypto builds: " + names(cryptos) + " (make libs)");
        List<LibraryVariant> loaded = new ArrayList<>();
        try {
            gmps.forEach(s -> loaded.add(LibraryVariant.open(s)));
            cryptos.forEach(s -> loaded.add(LibraryVariant.open(s)));
            BigInteger a = new BigInteger(3000, new Random(11)), b = new BigInteger(2000, new Random(12));
            Set<Long> bnAddresses = new HashSet<>();
            for (LibraryVariant v : loaded) {
                if (v.spec().kind() == LibraryKind.GMP) {
                    try (Mpz x = Gmp.of(v).newMpz(a);
                            Mpz y = Gmp.of(v).newMpz(b);
                            Mpz r = Gmp.of(v).newMpz()) {
                        assertEquals(a.multiply(b), r.mul(x, y).toBigInteger(), v.toString());
                    }
                    continue;
                }
                MemorySegment bnNew = v.function("BN_lebin2bn");
                assertTrue(bnAddresses.add(bnNew.address()), v + " shares BN_lebin2bn with another variant");
                assertTrue(
                        inOwnFile(v, bnNew),
                        v + ": BN_lebin2bn does not lie in " + v.spec().library() + "'s mapping");
                assertEquals(
                        v.spec().patched(),
                        v.marker().map(s -> s.startsWith("dotssl")).orElse(false),
                        v + " marker " + v.marker());
                LibCrypto lib = LibCrypto.of(v);
                assertTrue(lib.version().startsWith("OpenSSL 3."), v + ": " + lib.version());
                try (Bignum x = lib.newBignum(a);
                        Pkey key = lib.generateRsa(1024);
                        PkeyCtx ctx = lib.newContext(key)) {
                    assertEquals(a, x.toBigInteger(a.bitLength() / 64 + 1), v.toString());
                    assertEquals(1024, key.bits(), v.toString());
                    assertTrue(ctx.checkKey(), v + ": its own RSA key fails EVP_PKEY_check");
                }
            }
        } finally {
            loaded.forEach(LibraryVariant::close);
        }
    }
}
