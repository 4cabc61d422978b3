# Version A: foreachBatch appends each batch to a parquet table (not idempotent).
# The crashed checkpoint restarted: Spark runs batch 2 again and the table gets orders 150 and 151 twice.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

spark = SparkSession.builder.appName("shop-copy-crash-restarted").getOrCreate()

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
    batch_df.write.mode("append").parquet("../shop-copy-crash-restarted-table")


query = (orders.writeStream
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-copy-crash-restarted")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
