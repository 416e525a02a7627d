//! The wasm module's memory allocator: blocks of power-of-two sizes, a free
//! list for each size, and no coalescing. It replaces the standard library's
//! dlmalloc, which cost about 3.5 KB of the gzipped bundle; this costs a few
//! hundred bytes.
//!
//! A request is rounded up to the next power of two (at least 8 bytes, and at
//! least its alignment). A freed block goes onto its size's free list and is
//! handed out again for the next request of that size. When a list is empty,
//! a block twice the size is split in two and one half kept on the list; a
//! block of 64 KiB or more comes straight from `memory.grow`. Every block is
//! thus aligned to its own size (up to a page), so to any alignment its
//! requests ask for. Each call is a few steps, whatever the heap holds. The
//! price is memory: up to twice what is asked, and memory once split into
//! small blocks stays in small blocks, which the page and its computer
//! players (whose allocations repeat turn after turn) do not mind.
//!
//! The module runs on one thread (the page's, or the worker's own instance),
//! so the lists need no lock.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;

/// log2 of a wasm page, 64 KiB: blocks this size and up come from `memory.grow`.
const PAGE: usize = 16;

/// The head of each size's free list (0 when empty): entry `k` holds blocks
/// of 2^k bytes, each free block holding the address of the next.
struct Lists(UnsafeCell<[usize; 33]>);

// SAFETY: wasm32-unknown-unknown without threads: one thread touches the lists.
unsafe impl Sync for Lists {}

static FREE: Lists = Lists(UnsafeCell::new([0; 33]));

pub struct Blocks;

#[global_allocator]
static ALLOCATOR: Blocks = Blocks;

/// The size class of a request: the `k` of the smallest 2^k block that holds it.
fn class(size: usize, align: usize) -> usize {
    let n = size.max(align).max(8);
    (usize::BITS - (n - 1).leading_zeros()) as usize
}

/// A free block of 2^k bytes, or null when memory cannot grow.
///
/// # Safety
/// Single-threaded use only, as all of this module.
unsafe fn take(k: usize) -> *mut u8 {
    let free = FREE.0.get().cast::<usize>();
    let head = *free.add(k);
    if head != 0 {
        *free.add(k) = *(head as *const usize);
        return head as *mut u8;
    }
    if k >= PAGE {
        let at = core::arch::wasm32::memory_grow(0, 1 << (k - PAGE));
        if at == usize::MAX {
            return core::ptr::null_mut();
        }
        return (at << PAGE) as *mut u8;
    }
    let block = take(k + 1);
    if !block.is_null() {
        give(block.add(1 << k), k);
    }
    block
}

/// Puts a block of 2^k bytes on its free list.
///
/// # Safety
/// `p` is a block of 2^k bytes that nothing else uses.
unsafe fn give(p: *mut u8, k: usize) {
    let free = FREE.0.get().cast::<usize>();
    p.cast::<usize>().write(*free.add(k));
    *free.add(k) = p as usize;
}

unsafe impl GlobalAlloc for Blocks {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // Blocks are aligned to their size only up to a page: a larger
        // alignment (nothing here asks for one) is refused, never faked.
        if layout.align() > 1 << PAGE {
            return core::ptr::null_mut();
        }
        take(class(layout.size(), layout.align()))
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        give(p, class(layout.size(), layout.align()));
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let k = class(layout.size(), layout.align());
        let to = class(new_size, layout.align());
        if to == k {
            return p;
        }
        let q = take(to);
        if !q.is_null() {
            core::ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
            give(p, k);
        }
        q
    }
}
