package dotbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private long filesIn(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.count();
        }
    }

    @Test
    void writesAndReplacesLeavingNoTemporaryFile() throws IOException {
        Path target = dir.resolve("sub/result.json");
        AtomicFiles.write(target, "{\"a\": 1}\n");
        assertEquals("{\"a\": 1}\n", Files.readString(target));
        AtomicFiles.write(target, "{\"a\": 2}\n");
        assertEquals("{\"a\": 2}\n", Files.readString(target));
        assertEquals(1, filesIn(target.getParent()));
    }

    @Test
    void aFailedReplaceLeavesTheOldContentAndNoDebris() throws IOException {
        // a non-empty directory cannot be replaced by a file: the rename fails after the data was written
        Path target = dir.resolve("result.json");
        Files.createDirectories(target);
        Files.writeString(target.resolve("keep"), "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(target, "new"));
        assertEquals("old", Files.readString(target.resolve("keep")));
        assertEquals(1, filesIn(dir), "the temporary file was removed");
    }

    @Test
    void neverShowsAPartialFileToAConcurrentReader() throws Exception {
        Path target = dir.resolve("r.json");
        String big = "x".repeat(4 << 20);
        AtomicFiles.write(target, big);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 10; i++) {
                try {
                    AtomicFiles.write(target, i % 2 == 0 ? big.replace('x', 'y') : big);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }
        });
        writer.start();
        while (writer.isAlive()) {
            assertEquals(big.length(), Files.readString(target).length());
        }
        writer.join();
        assertTrue(Files.size(target) == big.length());
    }
}
