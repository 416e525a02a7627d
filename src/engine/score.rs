//! Score categories, and a player's points broken down by them.

use serde::Serialize;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
#[serde(rename_all = "lowercase")]
pub enum Category {
    Road = 0,
    City = 1,
    Monastery = 2,
    Garden = 3,
    Field = 4,
}

impl Category {
    pub const ALL: [Category; 5] = [
        Category::Road,
        Category::City,
        Category::Monastery,
        Category::Garden,
        Category::Field,
    ];

    pub fn name(self) -> &'static str {
        ["road", "city", "monastery", "garden", "field"][self as usize]
    }
}

/// Points per category for one player.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Score(pub [u16; 5]);

impl Score {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&p| p as u32).sum()
    }
    pub fn get(&self, c: Category) -> u16 {
        self.0[c as usize]
    }
    pub fn add(&mut self, c: Category, points: u16) {
        self.0[c as usize] += points;
    }
}

impl Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("total", &self.total())?;
        for c in Category::ALL {
            m.serialize_entry(c.name(), &self.get(c))?;
        }
        m.end()
    }
}
