//! Opponents and measurements: the program, the perfect goat, perfect and random wolves;
//! seeded games between them; the article's game replayed with verdicts.
