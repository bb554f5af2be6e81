#include "aors.h"

DOT_DEFINE_AORS(scalar, add_n, DOT_OP_ADD)
