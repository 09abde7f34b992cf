//! What a two-sided database holds and in which arithmetic.

/// What a database holds and in which arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exact chances (`f64`): kept in memory, not in a file.
    Exact,
    /// gnubg's cubeless file (`makebearoff -C`): one 16-bit equity a pair, gnubg's integer
    /// arithmetic.
    Cubeless,
    /// gnubg's default file: the cubeless equity and three cubeful ones, 16 bits each.
    Cubeful,
}

impl Kind {
    /// Its name in messages and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Exact => "exact (f64)",
            Kind::Cubeless => "gnubg cubeless",
            Kind::Cubeful => "gnubg cubeful",
        }
    }
}
