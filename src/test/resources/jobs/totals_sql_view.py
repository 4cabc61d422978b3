from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()

spark.readStream \
    .format("kafka") \
    .option("kafka.bootstrap.servers", "localhost:9092") \
    .option("subscribe", "orders") \
    .load() \
    .selectExpr("from_json(CAST(value AS STRING), 'order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP') AS o") \
    .select("o.*") \
    .createOrReplaceTempView("orders")

totals = spark.sql("""
    SELECT customer_id, SUM(amount) AS total
    FROM orders
    GROUP BY customer_id
""")

totals.writeStream.outputMode("update").format("console").start().awaitTermination()
