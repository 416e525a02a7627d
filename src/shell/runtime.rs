//! The one owner of the page's app. Browser callbacks (pointer events,
//! timers, the AI worker's answers) all act on the same app, and one of them
//! can fire from inside another (a `focus()` call dispatches focus events at
//! once, say). A second borrow of the app would panic, and under
//! `panic = "abort"` end the page; dropping the call would lose a step of a
//! computer's turn. So work that arrives while other work runs is queued and
//! run right after it, in order, and nothing re-entrant is ever lost.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// Work waiting for the app: it gets the slot, so a queued replacement of
/// the app (a new game) keeps its place among the other messages.
type Job<A> = Box<dyn FnOnce(&mut Option<A>)>;

pub struct Runtime<A> {
    app: RefCell<Option<A>>,
    queue: RefCell<VecDeque<Job<A>>>,
    busy: Cell<bool>,
}

impl<A: 'static> Default for Runtime<A> {
    fn default() -> Self {
        Self::new()
    }
}

/// Clears `busy` however the work ends (a panic in a native test included).
struct Busy<'a>(&'a Cell<bool>);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.set(false);
    }
}

impl<A: 'static> Runtime<A> {
    pub const fn new() -> Self {
        Runtime {
            app: RefCell::new(None),
            queue: RefCell::new(VecDeque::new()),
            busy: Cell::new(false),
        }
    }

    /// Runs `f` on the app now and returns its result; or, when called from
    /// inside other work, queues it to run right after and returns `None`.
    /// Also `None` (and `f` is not run) while there is no app yet.
    pub fn send<R>(&self, f: impl FnOnce(&mut A) -> R + 'static) -> Option<R> {
        if self.busy.get() {
            self.enqueue(Box::new(move |slot| {
                if let Some(app) = slot.as_mut() {
                    f(app);
                }
            }));
            return None;
        }
        self.busy.set(true);
        let _busy = Busy(&self.busy);
        let out = self.app.borrow_mut().as_mut().map(f);
        self.drain();
        out
    }

    /// Puts `app` in place of the current one: at once when nothing runs,
    /// else after the work in progress and the messages queued before it.
    pub fn install(&self, app: A) {
        if self.busy.get() {
            self.enqueue(Box::new(move |slot| *slot = Some(app)));
            return;
        }
        self.busy.set(true);
        let _busy = Busy(&self.busy);
        *self.app.borrow_mut() = Some(app);
        self.drain();
    }

    /// Reads the app without changing it; `None` while other work runs (a
    /// read has nothing to wait for) or before there is an app.
    pub fn peek<R>(&self, f: impl FnOnce(&A) -> R) -> Option<R> {
        if self.busy.get() {
            return None;
        }
        self.app.borrow().as_ref().map(f)
    }

    /// Messages waiting to run.
    pub fn queued(&self) -> usize {
        self.queue.borrow().len()
    }

    fn enqueue(&self, job: Job<A>) {
        self.queue.borrow_mut().push_back(job);
    }

    /// Runs the queued work in order, including work queued meanwhile.
    fn drain(&self) {
        loop {
            // The queue is let go before the job runs, so the job can queue more.
            let Some(job) = self.queue.borrow_mut().pop_front() else {
                return;
            };
            job(&mut self.app.borrow_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    thread_local! {
        static RT: Runtime<Vec<&'static str>> = const { Runtime::new() };
    }

    fn send(f: impl FnOnce(&mut Vec<&'static str>) + 'static) -> Option<()> {
        RT.with(|r| r.send(f))
    }

    fn log() -> Vec<&'static str> {
        RT.with(|r| r.peek(|a| a.clone())).unwrap_or_default()
    }

    #[test]
    fn work_runs_at_once_and_returns_its_result() {
        let rt = Runtime::new();
        rt.install(1u32);
        assert_eq!(rt.send(|a| *a += 1), Some(()));
        assert_eq!(rt.send(|a| *a * 10), Some(20));
        assert_eq!(rt.peek(|a| *a), Some(2));
    }

    #[test]
    fn nothing_runs_before_there_is_an_app() {
        let rt: Runtime<u32> = Runtime::new();
        assert_eq!(rt.send(|a| *a + 1), None);
        assert_eq!(rt.peek(|a| *a), None);
        assert_eq!(rt.queued(), 0);
    }

    #[test]
    fn reentrant_work_is_queued_and_run_after_in_order() {
        RT.with(|r| r.install(Vec::new()));
        let ran = send(|a| {
            a.push("outer starts");
            // From inside: neither runs now, neither is lost.
            assert_eq!(send(|a| a.push("first inner")), None);
            assert_eq!(send(|a| a.push("second inner")), None);
            assert_eq!(RT.with(|r| r.queued()), 2);
            a.push("outer ends");
        });
        assert_eq!(ran, Some(()));
        assert_eq!(
            log(),
            ["outer starts", "outer ends", "first inner", "second inner"]
        );
        assert_eq!(RT.with(|r| r.queued()), 0);
    }

    #[test]
    fn work_queued_by_queued_work_runs_too() {
        RT.with(|r| r.install(Vec::new()));
        send(|a| {
            a.push("1");
            send(|a| {
                a.push("2");
                send(|a| a.push("3"));
            });
        });
        assert_eq!(log(), ["1", "2", "3"]);
    }

    #[test]
    fn a_read_inside_work_gets_nothing_and_changes_nothing() {
        RT.with(|r| r.install(vec!["start"]));
        send(|_| {
            assert_eq!(RT.with(|r| r.peek(|a| a.len())), None);
        });
        assert_eq!(log(), ["start"]);
    }

    #[test]
    fn an_install_from_inside_takes_effect_in_its_turn() {
        RT.with(|r| r.install(vec!["old game"]));
        send(|a| {
            // A rematch pressed inside a callback: the old app finishes this
            // message, the new one gets the messages sent after the install.
            RT.with(|r| r.install(vec!["new game"]));
            send(|a| a.push("woken"));
            a.push("old game goes on");
        });
        assert_eq!(log(), ["new game", "woken"]);
    }

    #[test]
    fn work_after_a_panic_still_runs() {
        let rt = Rc::new(Runtime::new());
        rt.install(0u32);
        let r2 = Rc::clone(&rt);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            r2.send(|_| panic!("a bug in one message"));
        }));
        assert!(caught.is_err());
        assert_eq!(rt.send(|a| *a + 5), Some(5));
    }
}
