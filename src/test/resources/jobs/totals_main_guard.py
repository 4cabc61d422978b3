"""Running totals per customer, the way a team writes it for production."""
import os
from pyspark.sql import SparkSession, DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T

KAFKA = os.environ.get("KAFKA_BOOTSTRAP", "broker-1:9092,broker-2:9092")
kafka_options = {
    "kafka.bootstrap.servers": KAFKA,
    "subscribe": "orders",
    "startingOffsets": "earliest",
    "failOnDataLoss": "false",
}

ORDER_SCHEMA = T.StructType([
    T.StructField("order_id", T.IntegerType(), True),
    T.StructField("customer_id", T.IntegerType(), True),
    T.StructField("amount", T.DecimalType(10, 2), True),
    T.StructField("order_ts", T.TimestampType(), True),
])


def build_session() -> SparkSession:
    return (SparkSession.builder
            .appName("orders-totals")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate())


def write_batch(batch_df: DataFrame, batch_id: int) -> None:
    (batch_df.write
        .format("jdbc")
        .option("url", "jdbc:postgresql://db/shop")
        .mode("append")
        .save())


def main():
    spark = build_session()
    spark.sparkContext.setLogLevel("WARN")

    raw = spark.readStream.format("kafka").options(**kafka_options).load()

    df = raw.withColumn("json", F.col("value").cast(T.StringType()))
    df = df.withColumn("data", F.from_json("json", ORDER_SCHEMA, {"mode": "PERMISSIVE"})).select("data.*")

    totals = df.groupBy(F.col("customer_id")).agg(F.sum("amount").alias("total"))

    query = (
        totals.writeStream
        .queryName("orders_totals")
        .outputMode("update")
        .option("checkpointLocation", "s3a://prod-bucket/chk/shop-totals-update")
        .foreachBatch(write_batch)
        .trigger(processingTime="1 minute")
        .start()
    )
    query.awaitTermination()


if __name__ == "__main__":
    main()
