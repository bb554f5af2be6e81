package dotbench.ntt;

import com.google.gson.JsonObject;
import java.lang.foreign.MemorySegment;

/**
 * One multiplier the suite times: GMP's mpn_mul and mpn_sqr from one GMP build, or one libdot NTT
 * variant's products (through the suite's native helper).
 *
 * @param name the variant name in tables and files ("gmp-stock", "ntt-ifma")
 * @param mul  a kernel of mpn_mul's shape (rp, up, un, vp, vn)
 * @param sqr  a kernel of mpn_sqr's shape (rp, up, n)
 * @param info the file's description of it
 */
record Contender(String name, MemorySegment mul, MemorySegment sqr, JsonObject info) {}
