package io.streamscope.replay.query;

/**
 * A schema the job names but does not spell out ({@code schema = spark.read.json(sample).schema}, an imported
 * variable, a registry lookup): {@code from_json}'s schema argument holds this until one is given or inferred.
 *
 * @param name     the variable's name
 * @param position where the job uses it
 */
public record SchemaVariable(String name, int position) {
}
