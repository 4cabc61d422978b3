# Big orders: a stateless filter and projection in append mode.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json
from pyspark.sql.types import StructType, StructField, IntegerType, DecimalType, TimestampType

spark = SparkSession.builder.appName("shop-big-orders").getOrCreate()

order_schema = StructType([
    StructField("order_id", IntegerType()),
    StructField("customer_id", IntegerType()),
    StructField("amount", DecimalType(10, 2)),
    StructField("order_ts", TimestampType()),
])

orders = (
    spark.readStream.format("kafka")
    .option("kafka.bootstrap.servers", "localhost:9092")
    .option("subscribe", "orders")
    .option("startingOffsets", "earliest")
    .load()
    .selectExpr("CAST(value AS STRING) AS json")
    .select(from_json(col("json"), order_schema).alias("data"))
    .select("data.*")
)

big = orders.filter("amount >= 10").select("order_id", "customer_id", "amount")


def save(batch_df, batch_id):
    batch_df.show()


(big.writeStream
    .foreachBatch(save)
    .outputMode("append")
    .option("checkpointLocation", "/tmp/checkpoints/shop-big-orders")
    .trigger(availableNow=True)
    .start()
    .awaitTermination())
