package dotbench.cli;

import dotbench.gmpbench.GmpBench;
import dotbench.ntt.Ntt;
import dotbench.pipeline.Registry;
import dotbench.speed.Speed;

/** The registry of the suites dotbench offers: a new suite is its package plus one line here. */
final class Suites {
    private Suites() {}

    static Registry builtIn() {
        return new Registry().register(GmpBench::new).register(Speed::new).register(Ntt::new);
    }
}
