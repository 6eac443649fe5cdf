"""Arrays borrowed without a reference count, for the batched engine's hot loops.

numba counts references to every array a compiled function receives or passes on: an
atomic increment and decrement per array per call, which it removes again only where a
function's control flow is simple. In the engine's step functions it is not, and the counts
cost more than the rules themselves (a plain ``pass`` took 54 ns, 3 without them). An entry
point therefore views the caller's arrays through ``borrowed``: the same memory, shape and
type, without an owner to count. The caller's arrays keep the memory alive for the whole
call, and nothing keeps a borrowed array after it returns.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.core.extending import intrinsic
from numba.np.numpy_support import carray


@intrinsic
def _pointer(typingctx: Any, address: Any, dtype: Any) -> Any:
    """The address ``address`` as a pointer to ``dtype``'s elements."""
    item = dtype.dtype
    sig = types.CPointer(item)(address, dtype)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.inttoptr(args[0], context.get_value_type(types.CPointer(item)))

    return sig, codegen


@njit(cache=True, inline="always")
def borrowed(a: np.ndarray) -> np.ndarray:
    """``a``'s memory as an array numba does not count references to (see the module's
    docstring); valid while ``a`` is."""
    # (an intrinsic: numba supplies its typing context)
    return carray(_pointer(a.ctypes.data, a.dtype), a.shape)  # type: ignore[call-arg]


@intrinsic
def _words(typingctx: Any, address: Any) -> Any:
    """The address ``address`` as a pointer to 64-bit words."""
    sig = types.CPointer(types.uint64)(address)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.inttoptr(args[0], context.get_value_type(types.CPointer(types.uint64)))

    return sig, codegen


@njit(cache=True, inline="always")
def words(a: np.ndarray) -> np.ndarray:
    """The bytes of ``a`` (a one-dimensional array whose size in bytes is a multiple of 8)
    as borrowed 64-bit words: eight of its bytes tested at once. (``a.view(np.uint64)``
    would count references and check the layout on every call.)"""
    return carray(_words(a.ctypes.data), (a.nbytes >> 3,))  # type: ignore[call-arg]
