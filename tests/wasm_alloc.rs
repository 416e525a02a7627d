//! The module's own allocator (`src/web/alloc.rs`) under load: blocks of
//! every size and alignment keep their contents while others come and go,
//! growing and shrinking in place or moved, and memory stops growing once a
//! workload repeats.
#![cfg(target_arch = "wasm32")]

use carcassonne::engine::rng::Rng;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A block and the byte it was filled with.
struct Block {
    data: Vec<u8>,
    fill: u8,
}

fn intact(b: &Block) -> bool {
    b.data.iter().all(|&x| x == b.fill)
}

/// One round of a workload: blocks of random sizes made, grown, shrunk and
/// dropped in random order; every live block is checked at the end.
fn round(rng: &mut Rng, live: &mut Vec<Block>) {
    for i in 0..400u32 {
        match rng.below(5) {
            0 | 1 => {
                // Mostly small, now and then up to 200 KB (several pages).
                let n = if rng.below(20) == 0 {
                    rng.below(200_000) as usize
                } else {
                    rng.below(300) as usize
                };
                let fill = i as u8;
                live.push(Block {
                    data: vec![fill; n],
                    fill,
                });
            }
            2 if !live.is_empty() => {
                let k = rng.below(live.len() as u32) as usize;
                let b = &mut live[k];
                let more = rng.below(5000) as usize;
                b.data.resize(b.data.len() + more, b.fill);
            }
            3 if !live.is_empty() => {
                let k = rng.below(live.len() as u32) as usize;
                let b = &mut live[k];
                b.data.truncate(b.data.len() / 3);
                b.data.shrink_to_fit();
            }
            _ if !live.is_empty() => {
                let k = rng.below(live.len() as u32) as usize;
                assert!(intact(&live[k]));
                live.swap_remove(k);
            }
            _ => {}
        }
    }
    assert!(live.iter().all(intact));
}

#[wasm_bindgen_test]
fn blocks_keep_their_contents_and_memory_stops_growing() {
    let mut rng = Rng::new(7);
    let mut live = Vec::new();
    for _ in 0..20 {
        round(&mut rng, &mut live);
    }
    live.clear();
    // The same workload again and again: after a few rounds the free lists
    // hold all it needs.
    let pages = || core::arch::wasm32::memory_size(0);
    let mut sizes = Vec::new();
    for _ in 0..30 {
        let mut rng = Rng::new(11);
        round(&mut rng, &mut live);
        live.clear();
        sizes.push(pages());
    }
    assert_eq!(sizes[10], sizes[29], "pages after each round: {sizes:?}");
}

#[wasm_bindgen_test]
fn alignments_up_to_a_page_are_kept() {
    // Blocks are powers of two, each on its own size: this is that allocator.
    let b: Vec<u8> = Vec::with_capacity(100);
    assert_eq!(b.as_ptr() as usize % 128, 0);
    for shift in 0..=16 {
        let align = 1usize << shift;
        for size in [1, align / 2 + 1, align, 3 * align] {
            let layout = std::alloc::Layout::from_size_align(size.max(1), align).unwrap();
            // SAFETY: a non-zero size, freed with its layout.
            unsafe {
                let p = std::alloc::alloc(layout);
                assert!(!p.is_null());
                assert_eq!(p as usize % align, 0, "size {size}, align {align}");
                p.write_bytes(0xAB, layout.size());
                std::alloc::dealloc(p, layout);
            }
        }
    }
}
