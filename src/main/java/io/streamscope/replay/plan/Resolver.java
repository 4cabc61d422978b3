package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.ExprNames;
import io.streamscope.replay.query.Exprs;
import io.streamscope.replay.query.QueryException;
import io.streamscope.sparktypes.SparkType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Resolves column names against a schema the way Spark does by default ({@code spark.sql.caseSensitive=false}):
 * {@code col("Amount")} is the column {@code amount}, and it is named {@code amount} in results.
 */
public final class Resolver {

    private Resolver() {
    }

    /** The expression with every column reference spelt as the schema spells it. */
    public static Expr resolve(Expr expr, SparkType.Struct schema, String query) throws QueryException {
        List<QueryException> failures = new ArrayList<>();
        Expr resolved = Exprs.transform(expr, node -> {
            if (node instanceof Expr.ColumnRef ref && failures.isEmpty()) {
                try {
                    return new Expr.ColumnRef(column(ref.name(), ref.position(), schema, query), ref.position());
                } catch (QueryException e) {
                    failures.add(e);
                }
            }
            return node;
        });
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        return resolved;
    }

    /** The schema's spelling of {@code name}, or Spark's {@code UNRESOLVED_COLUMN} error. */
    public static String column(String name, int position, SparkType.Struct schema, String query) throws QueryException {
        if (schema.indexOf(name) >= 0) {
            return name;
        }
        List<String> matches = schema.fields().stream().map(SparkType.Field::name)
                .filter(field -> field.equalsIgnoreCase(name)).toList();
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.size() > 1) {
            throw new QueryException("[AMBIGUOUS_REFERENCE] Reference `" + name + "` is ambiguous, could be: "
                    + matches.stream().map(m -> "`" + m + "`").collect(Collectors.joining(", ")) + ".", query, position);
        }
        int dot = name.indexOf('.');
        if (dot < 0) {
            // a join's columns are qualified by their side (o.order_id): a bare name finds the one it names
            List<String> qualified = schema.fields().stream().map(SparkType.Field::name)
                    .filter(field -> field.indexOf('.') > 0 && field.substring(field.indexOf('.') + 1).equalsIgnoreCase(name))
                    .toList();
            if (qualified.size() == 1) {
                return qualified.get(0);
            }
            if (qualified.size() > 1) {
                throw new QueryException("[AMBIGUOUS_REFERENCE] Reference `" + name + "` is ambiguous, could be: "
                        + qualified.stream().map(m -> "`" + m + "`").collect(Collectors.joining(", ")) + ".", query,
                        position);
            }
        }
        if (dot > 0 && name.endsWith(".*") && qualifiedBy(name.substring(0, dot), schema)) {
            return name.substring(0, dot) + ".*";
        }
        if (dot > 0 && dot < name.length() - 1) {
            return nested(name, position, schema, query);
        }
        String suggestions = schema.fields().stream().map(SparkType.Field::name)
                .sorted(Comparator.comparingInt((String field) -> distance(field.toLowerCase(Locale.ROOT),
                        name.toLowerCase(Locale.ROOT))).thenComparing(Comparator.naturalOrder()))
                .map(field -> "`" + field + "`").collect(Collectors.joining(", "));
        throw new QueryException("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with "
                + "name `" + name + "` cannot be resolved. Did you mean one of the following? [" + suggestions + "].",
                query, position);
    }

    /**
     * {@code o.order_id} (a struct's field, any depth) or {@code o.*} (all of them): Spark reads a dot in a column name
     * as a field access unless the name is quoted, and so does the replay.
     */
    private static String nested(String name, int position, SparkType.Struct schema, String query)
            throws QueryException {
        String[] parts = name.split("\\.", -1);
        boolean headIsColumn = schema.fields().stream().anyMatch(f -> f.name().equalsIgnoreCase(parts[0]));
        if (!headIsColumn) {
            // orders.amount, o.amount: the qualifier names the stream (or a join side's alias), not a column
            return column(name.substring(name.indexOf('.') + 1), position, schema, query);
        }
        String head = column(parts[0], position, schema, query);
        SparkType type = schema.field(schema.indexOf(head)).type();
        StringBuilder resolved = new StringBuilder(head);
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            if (!(type instanceof SparkType.Struct struct)) {
                throw new QueryException("[INVALID_EXTRACT_BASE_FIELD_TYPE] Can't extract a value from \"" + resolved
                        + "\". Need a complex type [STRUCT, ARRAY, MAP] but got \"" + ExprNames.sqlType(type) + "\".",
                        query, position);
            }
            if (part.equals("*") && i == parts.length - 1) {
                return resolved + ".*";
            }
            SparkType.Field field = struct.fields().stream().filter(f -> f.name().equals(part)).findFirst()
                    .or(() -> struct.fields().stream().filter(f -> f.name().equalsIgnoreCase(part)).findFirst())
                    .orElseThrow(() -> new QueryException("[FIELD_NOT_FOUND] No such struct field `" + part + "` in "
                            + struct.fields().stream().map(f -> "`" + f.name() + "`").collect(Collectors.joining(", "))
                            + ".", query, position));
            resolved.append('.').append(field.name());
            type = field.type();
        }
        return resolved.toString();
    }

    /** Whether the schema has columns qualified by {@code qualifier} (a join side: {@code o.order_id}). */
    public static boolean qualifiedBy(String qualifier, SparkType.Struct schema) {
        return schema.indexOf(qualifier) < 0 && schema.fields().stream()
                .anyMatch(field -> field.name().startsWith(qualifier + "."));
    }

    /** The field path of a resolved {@code a.b.c}: each part's index in its struct, from the top. */
    public static int[] path(String resolved, SparkType.Struct schema) {
        String[] parts = resolved.split("\\.");
        int[] path = new int[parts.length];
        SparkType type = schema;
        for (int i = 0; i < parts.length; i++) {
            SparkType.Struct struct = (SparkType.Struct) type;
            path[i] = struct.indexOf(parts[i]);
            type = struct.field(path[i]).type();
        }
        return path;
    }

    /** The type at the end of {@link #path}. */
    public static SparkType typeAt(int[] path, SparkType.Struct schema) {
        SparkType type = schema;
        for (int index : path) {
            type = ((SparkType.Struct) type).field(index).type();
        }
        return type;
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
