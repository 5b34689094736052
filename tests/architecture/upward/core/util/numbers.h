#pragma once
// A fixture: the lowest part reaching up to the figure.
#include "core/figure/palette.h"
