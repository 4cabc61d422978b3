# Version A: foreachBatch appends each batch to a parquet table (not idempotent).
# In batch 2 the function fails after the write and before Spark commits: batch 2 will replay.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

spark = SparkSession.builder.appName("shop-copy-crash").getOrCreate()

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(from_json(col("value").cast("string"), schema).alias("o"))
          .select("o.*"))


def save(batch_df, batch_id):
    batch_df.write.mode("append").parquet("../shop-copy-crash-table")
    if batch_id == 2:
        raise RuntimeError("crash after the write, before the commit")


query = (orders.writeStream
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-copy-crash")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
