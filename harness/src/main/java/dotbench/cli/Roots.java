package dotbench.cli;

import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the repository root: -Ddotbench.root, else the first folder upwards holding dot/include/dot.h. */
final class Roots {
    private Roots() {}

    static Path find() {
        String configured = System.getProperty("dotbench.root");
        if (configured != null) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("dot/include/dot.h"))) {
                return p;
            }
        }
        throw new DotbenchException(
                ExitCodes.MISSING_BUILD,
                "cannot find the dotbench repository (no dot/include/dot.h above the current folder); run from "
                        + "inside it or pass -Ddotbench.root=PATH");
    }
}
