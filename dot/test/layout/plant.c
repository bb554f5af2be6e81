/* Planted control for the layout checks: two identical functions, and with -DPLANT_FRONT a
   cold one that the linker places in front of them (.text.unlikely), as a libdot built
   without -fno-reorder-functions would be placed in front of GMP's code. */
#ifdef PLANT_FRONT
__attribute__((cold, noinline)) int plant_cold(int x) { return x * 3 + 1; }
#endif
int plant_first(int x) { return x + 1; }
int plant_second(int x) { return x * 2; }
