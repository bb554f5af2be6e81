package dotbench.speed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class Ia32CapTest {
    @Test
    void aMaskForAllAndPerVariantMasks() {
        Ia32Cap caps = Ia32Cap.parse(List.of("~0x0:~0x200000:~0x80000000000000:~0x0:~0x0", "dot=~0x0:~0x0"));
        assertEquals(Optional.of("~0x0:~0x0"), caps.maskFor("dot"));
        assertEquals(Optional.of("~0x0:~0x200000:~0x80000000000000:~0x0:~0x0"), caps.maskFor("stock"));
        assertEquals(Optional.empty(), Ia32Cap.none().maskFor("stock"));
        assertEquals(
                Optional.of("::0x10"),
                Ia32Cap.parse(List.of("::0x10")).maskFor("x"),
                "empty fields keep that vector, as cpuid.c allows");
    }

    @Test
    void badMasksAreRejectedWithTheExpectedFormat() {
        for (String bad : List.of("avx512", "0xZZ", "1:2:3:4:5:6", "", "dot=", "=0x1")) {
            var e = assertThrows(IllegalArgumentException.class, () -> Ia32Cap.parse(List.of(bad)), bad);
            assertTrue(e.getMessage().contains("mask") || e.getMessage().contains("variant name"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Ia32Cap.parse(List.of("0x1", "0x2")));
        assertThrows(IllegalArgumentException.class, () -> Ia32Cap.parse(List.of("dot=0x1", "dot=0x2")));
    }

    @Test
    void numbersOpenSslWouldReadDifferentlyAreRejected() {
        // OpenSSL's ossl_strtouint64 reads a leading 0 as octal (0789 -> 7) and wraps past 64 bits
        for (String bad : List.of("0789", "~0777", "0x0:00", "18446744073709551616", "~99999999999999999999")) {
            var e = assertThrows(IllegalArgumentException.class, () -> Ia32Cap.parse(List.of(bad)), bad);
            assertTrue(e.getMessage().contains("octal") || e.getMessage().contains("64 bits"), e.getMessage());
        }
        for (String good : List.of("0", "~0", "789", "0x0789", "18446744073709551615", "~0x0:0:0X10")) {
            assertEquals(Optional.of(good), Ia32Cap.parse(List.of(good)).maskFor("any"), good);
        }
    }
}
