#include "aors.h"

DOT_DEFINE_AORS(sse, add_n, DOT_OP_ADD)
