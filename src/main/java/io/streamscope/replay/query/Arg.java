package io.streamscope.replay.query;

import java.util.List;

/** One argument of a DataFrame method or function, before the method decides what a string means. */
sealed interface Arg {

    int position();

    /** A plain string: a column name, an expression string or a literal, depending on the method. */
    record Str(Token token) implements Arg {
        public int position() {
            return token.start();
        }

        String value() {
            return token.value();
        }
    }

    /** A Python list {@code [a, b]} or a Scala {@code Seq(a, b)}. */
    record ListArg(List<Arg> items, int position) implements Arg {
        public ListArg {
            items = List.copyOf(items);
        }
    }

    /** A Python dict {@code {"amount": "sum"}}, or Scala pairs {@code "amount" -> "sum"}, as {@code agg} takes them. */
    record Pairs(List<Token[]> entries, int position) implements Arg {
        public Pairs {
            entries = List.copyOf(entries);
        }
    }

    /** A column expression. */
    record Column(Expr expr) implements Arg {
        public int position() {
            return expr.position();
        }
    }

    /** A Python keyword argument {@code name=value}. */
    record Keyword(Token name, Arg value) implements Arg {
        public int position() {
            return name.start();
        }
    }
}
