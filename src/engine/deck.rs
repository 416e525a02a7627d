//! The draw stack: built and shuffled from a seed, or given explicitly and validated.

use super::compact::{cat, signed_text};
use super::rng::Rng;
use super::rules::Rules;
use super::tile::TileKind;

/// How many copies of `kind` a deck may hold: the set's count, less the start
/// tile (which is on the board, or back in the box with the River, unless it
/// starts in the bag, rules §12), and no river tiles without the River, nor
/// the spring ever.
pub fn allowed(kind: TileKind, rules: &Rules) -> u8 {
    if kind.is_river() && (!rules.river || kind == TileKind::SPRING) {
        return 0;
    }
    let n = kind.def().count(rules.edition);
    if kind == TileKind::START && (rules.river || !rules.start_in_bag) {
        n - 1
    } else {
        n
    }
}

/// The full draw order for `seed`: with the River, its tiles shuffled with the
/// lake last, then the land tiles shuffled.
pub fn shuffled(rules: &Rules, seed: u64) -> Vec<TileKind> {
    let mut rng = Rng::new(seed);
    let mut river: Vec<TileKind> = Vec::new();
    let mut land: Vec<TileKind> = Vec::new();
    for k in TileKind::all() {
        for _ in 0..allowed(k, rules) {
            if k.is_river() {
                if k != TileKind::LAKE {
                    river.push(k);
                }
            } else {
                land.push(k);
            }
        }
    }
    rng.shuffle(&mut river);
    if rules.river {
        river.push(TileKind::LAKE);
    }
    rng.shuffle(&mut land);
    river.extend(land);
    river
}

/// Parses and checks an explicit deck against the rules, naming the first problem.
pub fn parse(names: &[String], rules: &Rules) -> Result<Vec<TileKind>, String> {
    let mut used = [0u8; TileKind::COUNT];
    let mut out = Vec::with_capacity(names.len());
    let mut land_seen = false;
    let mut lake_seen = false;
    for (i, name) in names.iter().enumerate() {
        // The entry's words, "deck entry 3", for its message.
        let n = cat(&["deck entry ", &signed_text(i as i64 + 1)]);
        let kind = TileKind::from_name(name)
            .ok_or_else(|| cat(&[&n, ": \"", name, "\" is not a tile kind"]))?;
        used[kind.0 as usize] += 1;
        let max = allowed(kind, rules);
        if used[kind.0 as usize] > max {
            return Err(if max == 0 {
                cat(&[&n, ": tile ", name, " is not in a game with these rules"])
            } else {
                cat(&[
                    &n,
                    ": the set has only ",
                    &signed_text(i64::from(max)),
                    " tile(s) ",
                    name,
                    " to draw",
                ])
            });
        }
        if kind.is_river() {
            if land_seen {
                return Err(cat(&[
                    &n,
                    ": river tile ",
                    name,
                    " comes after a land tile; river tiles come first",
                ]));
            }
            if lake_seen {
                return Err(cat(&[
                    &n,
                    ": river tile ",
                    name,
                    " comes after the lake RL, which must be the last river tile",
                ]));
            }
            lake_seen |= kind == TileKind::LAKE;
        } else {
            land_seen = true;
        }
        out.push(kind);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seeded_deck_is_the_whole_set_less_the_start_tile() {
        let rules = Rules::default();
        let d = shuffled(&rules, 7);
        assert_eq!(d.len(), 71);
        assert_eq!(d.iter().filter(|k| **k == TileKind::START).count(), 3);
        assert_ne!(d, shuffled(&rules, 8));
    }

    /// The seed is part of the record format (rules §11): a record that
    /// gives only a seed must deal the same tiles in every version. These
    /// orders were recorded from the engine; a change to the shuffle, the
    /// generator or the tile list that alters them breaks every saved game.
    #[test]
    fn the_shuffle_is_pinned_by_golden_decks() {
        let names = |d: Vec<TileKind>| d.iter().map(|k| k.name()).collect::<Vec<_>>();
        assert_eq!(
            names(shuffled(&Rules::default(), 42)),
            [
                "F", "T", "C", "A", "V", "Rg", "Hg", "U", "H", "R", "V", "Ig", "J", "J", "E", "Eg",
                "A", "V", "K", "P", "L", "L", "V", "U", "N", "D", "H", "X", "D", "Vg", "G", "U",
                "W", "D", "Mg", "E", "Ng", "S", "K", "U", "O", "U", "S", "P", "O", "W", "U", "V",
                "W", "B", "U", "P", "B", "L", "B", "Ug", "Q", "W", "N", "M", "E", "R", "J", "V",
                "F", "V", "B", "K", "I", "E", "V",
            ]
        );
        let river_abbot = Rules {
            river: true,
            abbot: true,
            ..Rules::default()
        };
        assert_eq!(
            names(shuffled(&river_abbot, 9_007_199_254_740_991)),
            [
                "RG", "RH", "RE", "RB", "RI", "RD", "RJ", "RF", "RK", "RC", "RL", "B", "P", "S",
                "V", "N", "W", "Rg", "O", "S", "U", "K", "D", "V", "V", "I", "U", "U", "Eg", "Mg",
                "A", "V", "J", "A", "K", "E", "R", "V", "Ig", "L", "Ng", "L", "J", "J", "X", "Hg",
                "V", "E", "E", "B", "P", "V", "M", "T", "F", "D", "B", "Ug", "W", "Q", "L", "G",
                "P", "H", "N", "O", "B", "U", "U", "R", "U", "W", "Vg", "U", "E", "C", "F", "W",
                "D", "H", "K", "V",
            ]
        );
    }

    #[test]
    fn a_river_deck_starts_with_eleven_river_tiles_ending_in_the_lake() {
        let rules = Rules {
            river: true,
            ..Rules::default()
        };
        let d = shuffled(&rules, 1);
        assert_eq!(d.len(), 82);
        assert!(d[..11].iter().all(|k| k.is_river()));
        assert_eq!(d[10], TileKind::LAKE);
        assert!(d[11..].iter().all(|k| !k.is_river()));
        assert!(!d.contains(&TileKind::SPRING));
    }

    #[test]
    fn explicit_decks_are_checked() {
        let r = Rules::default();
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert!(parse(&s(&["V", "E", "U"]), &r).is_ok());
        assert!(parse(&s(&["Q", "Q"]), &r).unwrap_err().contains("only 1"));
        assert!(parse(&s(&["D", "D", "D", "D"]), &r).is_err());
        assert!(parse(&s(&["ZZ"]), &r)
            .unwrap_err()
            .contains("not a tile kind"));
        assert!(parse(&s(&["RB"]), &r)
            .unwrap_err()
            .contains("not in a game"));
        let river = Rules { river: true, ..r };
        assert!(parse(&s(&["RB", "RL", "A"]), &river).is_ok());
        assert!(parse(&s(&["RL", "RB"]), &river)
            .unwrap_err()
            .contains("lake"));
        assert!(parse(&s(&["A", "RB"]), &river)
            .unwrap_err()
            .contains("river tiles come first"));
        let c1 = Rules {
            edition: super::super::rules::Edition::C1,
            ..r
        };
        assert!(parse(&s(&["Eg"]), &c1).is_err());
        assert_eq!(parse(&s(&["E", "E", "E", "E", "E"]), &c1).unwrap().len(), 5);
        assert!(parse(&s(&["E", "E", "E", "E", "E"]), &r).is_err());
    }
}
