//! One macro for every table of codes: the trace's step ids, the engine's
//! note codes, and the resolvers' note codes.
//!
//! A code table is an enum whose every variant is one row of a table: a
//! stable string (what JSON, CSV and the command line write), the spec
//! section it cites, and a sentence in our own words. Writing them as rows
//! keeps the three side by side, so a code cannot lose its citation or its
//! text, and a `match` over the enum is exhaustive where a match over
//! strings would need a catch-all arm.
//!
//! ```ignore
//! code_table! {
//!     /// What the doc comment of the enum says.
//!     pub enum Colour;
//!     // The names of the three accessors: stable string, citation, text.
//!     fn code, fn citation, fn text;
//!     // Optionally, one more column whose values are variants of another
//!     // enum, with the name of its accessor.
//!     column fn level: Level;
//!     // The rows: variant => [column value,] string, citation, text.
//!     Red => Warning, "colour.red", "Spec, section 1", "Stop.";
//!     Green => Info, "colour.green", "Spec, section 2", "Go.";
//! }
//! ```
//!
//! gives `enum Colour { Red, Green }` (each variant documented by its text),
//! `Colour::ALL` in table order, `Colour::Red.code() == "colour.red"`,
//! `citation()`, `text()`, `level() == Level::Warning`, `Colour::from_code`
//! (the inverse of `code`), and `Display`, `Serialize` and `Deserialize` as
//! the stable string, so saved files and output keep their spelling
//! whatever the variant is called.

/// Declares a code table; see the [module docs](self).
macro_rules! code_table {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident;
        fn $code:ident, fn $cite:ident, fn $text:ident;
        column fn $col:ident : $col_ty:ident;
        $( $variant:ident => $value:ident, $code_str:literal, $cite_str:literal, $text_str:literal; )*
    ) => {
        $crate::engine::code_table::code_table! {
            $(#[$meta])*
            $vis enum $name;
            fn $code, fn $cite, fn $text;
            $( $variant => $code_str, $cite_str, $text_str; )*
        }

        impl $name {
            #[doc = concat!("The `", stringify!($col), "` column of the table.")]
            pub const fn $col(self) -> $col_ty {
                match self { $( $name::$variant => $col_ty::$value, )* }
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident;
        fn $code:ident, fn $cite:ident, fn $text:ident;
        $( $variant:ident => $code_str:literal, $cite_str:literal, $text_str:literal; )*
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( #[doc = $text_str] $variant, )*
        }

        impl $name {
            /// Every row, in table order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The stable, searchable string (what output and saved files write).
            pub const fn $code(self) -> &'static str {
                match self { $( $name::$variant => $code_str, )* }
            }

            /// The spec section (and step) this cites.
            pub const fn $cite(self) -> &'static str {
                match self { $( $name::$variant => $cite_str, )* }
            }

            /// What it means, in a sentence.
            pub const fn $text(self) -> &'static str {
                match self { $( $name::$variant => $text_str, )* }
            }

            /// The row whose stable string is `code`.
            pub fn from_code(code: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|c| c.$code() == code)
            }
        }

        /// Shows the stable string.
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.$code())
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.$code())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let code = <String as ::serde::Deserialize>::deserialize(d)?;
                $name::from_code(&code).ok_or_else(|| {
                    ::serde::de::Error::custom(format!(
                        concat!("unknown ", stringify!($name), " {:?}"),
                        code
                    ))
                })
            }
        }
    };
}

pub(crate) use code_table;

#[cfg(test)]
mod tests {
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Level {
        Warning,
        Info,
    }

    code_table! {
        /// A table for the test.
        enum Colour;
        fn code, fn citation, fn text;
        column fn level: Level;
        Red => Warning, "colour.red", "Spec, section 1", "Stop.";
        Green => Info, "colour.green", "Spec, section 2", "Go.";
    }

    #[test]
    fn every_column_reads_its_row() {
        assert_eq!(Colour::ALL, [Colour::Red, Colour::Green]);
        assert_eq!(Colour::Green.code(), "colour.green");
        assert_eq!(Colour::Green.citation(), "Spec, section 2");
        assert_eq!(Colour::Red.text(), "Stop.");
        assert_eq!(Colour::Red.level(), Level::Warning);
        assert_eq!(Colour::Green.to_string(), "colour.green");
        for &c in Colour::ALL {
            assert_eq!(Colour::from_code(c.code()), Some(c));
        }
        assert_eq!(Colour::from_code("colour.blue"), None);
    }

    #[test]
    fn serde_writes_and_reads_the_stable_string() {
        let json = serde_json::to_string(&Colour::Red).unwrap_or_default();
        assert_eq!(json, "\"colour.red\"");
        assert_eq!(
            serde_json::from_str::<Colour>(&json).ok(),
            Some(Colour::Red)
        );
        assert!(serde_json::from_str::<Colour>("\"colour.blue\"").is_err());
    }
}
