//! What lies over the screen, above the board or the start screen: the
//! cards (the score table, the rules, the spot's card...), the question
//! the table is asked, the note that fades, and the first-game guide. A
//! part of the [`Table`](super::table::Table) of its own, so the screen
//! under it and the game do not change when a card opens or closes.

use super::effect::Scored;
use super::guide::Guide;
use super::question::Question;
use super::screen::Layer;
use super::toast::Toast;

#[derive(Clone, Debug, Default)]
pub struct Over {
    /// Cards over the screen (the score table, the rules), the top one
    /// last: the board takes no keys while any is open.
    pub layers: Vec<Layer>,
    /// The question the table is asked, until it answers.
    pub question: Option<Question>,
    /// The note over the board, for a few seconds.
    pub toast: Toast,
    /// The first-game guide: the card on show, and whether it was seen.
    pub guide: Guide,
    /// The hand-over card: the player whose turn came before it, and
    /// what that turn scored.
    pub handover_card: Option<(u8, Vec<Scored>)>,
    /// The banner's message, a problem with keeping the game.
    pub banner: super::banner::Banner,
    /// The games list as last read, for its card.
    pub games: Option<super::games::Listing>,
}

impl Over {
    /// Opens a card over the screen (once: opening it again brings it to the top).
    pub fn open(&mut self, layer: Layer) {
        self.close(layer);
        self.layers.push(layer);
    }

    /// Closes a card, wherever it is in the stack.
    pub fn close(&mut self, layer: Layer) {
        if let Some(i) = self.layers.iter().position(|&l| l == layer) {
            self.layers.remove(i);
        }
    }

    pub fn is_open(&self, layer: Layer) -> bool {
        self.layers.contains(&layer)
    }

    /// The card on top, which Escape closes.
    pub fn top(&self) -> Option<Layer> {
        self.layers.last().copied()
    }
}
