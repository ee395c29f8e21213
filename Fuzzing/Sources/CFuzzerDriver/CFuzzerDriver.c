// The target only declares libFuzzer's driver (see include/CFuzzerDriver.h); the runtime defines it.
#include "CFuzzerDriver.h"
