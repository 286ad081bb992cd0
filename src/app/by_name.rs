//! How the saved settings write a resolver or a format: by the name the
//! command line gives it (`"gecko"`, `"jsonl"`), and how they read one back
//! leniently: a name this version does not know (a state from a newer one,
//! or edited by hand) is dropped or gives the default, rather than making
//! the whole saved state unreadable.
//!
//! Written as names because they are read as names: eframe keeps the state
//! as RON, where a derived form would write a variant (`Gecko`) that the
//! readers here, and every earlier release, would refuse.
//!
//! Use with `#[serde(with = "…")]`: [`list`] for a list (sorted, no
//! repeats), [`one`] for one value (unknown: the default), [`optional`] for
//! one that may be absent (written as `""`).

use serde::{Deserialize, Deserializer, Serializer};

use crate::resolvers::{Group, Resolver};
use crate::table::{InputFormat, OutputFormat};

/// A value saved by its name.
pub trait Named: Sized + Copy {
    fn name(self) -> &'static str;
    /// The value named `name` (ASCII case ignored), if there is one.
    fn from_name(name: &str) -> Option<Self>;
}

impl Named for Resolver {
    fn name(self) -> &'static str {
        Resolver::name(self)
    }
    fn from_name(name: &str) -> Option<Self> {
        Resolver::from_name(name)
    }
}

impl Named for Group {
    fn name(self) -> &'static str {
        Group::name(self)
    }
    fn from_name(name: &str) -> Option<Self> {
        Group::from_name(name)
    }
}

impl Named for InputFormat {
    fn name(self) -> &'static str {
        InputFormat::name(self)
    }
    fn from_name(name: &str) -> Option<Self> {
        InputFormat::from_name(name)
    }
}

impl Named for OutputFormat {
    fn name(self) -> &'static str {
        OutputFormat::name(self)
    }
    fn from_name(name: &str) -> Option<Self> {
        OutputFormat::from_name(name)
    }
}

/// A list of names; unknown ones are dropped, the rest sorted without
/// repeats.
pub mod list {
    use super::*;

    pub fn serialize<T: Named, S: Serializer>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(values.iter().map(|v| v.name()))
    }

    pub fn deserialize<'de, T: Named + Ord, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<T>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let mut out: Vec<T> = names.iter().filter_map(|n| T::from_name(n)).collect();
        out.sort();
        out.dedup();
        Ok(out)
    }
}

/// One name; an unknown one gives the default.
pub mod one {
    use super::*;

    pub fn serialize<T: Named, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(value.name())
    }

    pub fn deserialize<'de, T: Named + Default, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        let name = String::deserialize(d)?;
        Ok(T::from_name(&name).unwrap_or_default())
    }
}

/// One name or none (`""`); an unknown name reads as none.
pub mod optional {
    use super::*;

    pub fn serialize<T: Named, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(value.map_or("", Named::name))
    }

    pub fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
        let name = String::deserialize(d)?;
        Ok(T::from_name(&name))
    }
}
